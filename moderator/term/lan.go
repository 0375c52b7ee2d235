package term

import (
	"net"
	"strings"
)

// LANAddress returns the address phones on the same Wi-Fi should use to
// reach this machine: the first IPv4 address of an interface that is up,
// not the loopback and not a container bridge or a VPN, preferring the
// private ranges a home router hands out. With no such interface it returns
// 127.0.0.1, which at least works from the laptop itself.
func LANAddress() net.IP {
	ifs, err := net.Interfaces()
	if err != nil {
		return net.IPv4(127, 0, 0, 1)
	}
	var all []ifaceAddrs
	for _, ifc := range ifs {
		addrs, err := ifc.Addrs()
		if err != nil {
			continue
		}
		a := ifaceAddrs{Name: ifc.Name, Flags: ifc.Flags}
		for _, addr := range addrs {
			switch v := addr.(type) {
			case *net.IPNet:
				a.IPs = append(a.IPs, v.IP)
			case *net.IPAddr:
				a.IPs = append(a.IPs, v.IP)
			}
		}
		all = append(all, a)
	}
	return pickLANAddress(all)
}

// ifaceAddrs is what pickLANAddress needs to know of one network
// interface; it keeps the choice a pure function that tests can feed.
type ifaceAddrs struct {
	Name  string
	Flags net.Flags
	IPs   []net.IP
}

// virtualPrefixes name interfaces a phone on the Wi-Fi cannot reach:
// container and VM bridges, and VPN tunnels.
var virtualPrefixes = []string{
	"docker", "veth", "br-", "virbr", "vmnet", "vboxnet", "lxc", "lxd",
	"cni", "flannel", "cali", "podman", "tun", "tap", "utun", "wg",
	"tailscale", "zt",
}

func pickLANAddress(ifaces []ifaceAddrs) net.IP {
	var public net.IP
	for _, ifc := range ifaces {
		if ifc.Flags&net.FlagUp == 0 || ifc.Flags&net.FlagLoopback != 0 ||
			ifc.Flags&net.FlagPointToPoint != 0 || looksVirtual(ifc.Name) {
			continue
		}
		for _, ip := range ifc.IPs {
			ip4 := ip.To4()
			if ip4 == nil || ip4.IsLoopback() || ip4.IsLinkLocalUnicast() || ip4.IsUnspecified() {
				continue
			}
			if ip4.IsPrivate() {
				return ip4
			}
			if public == nil {
				public = ip4
			}
		}
	}
	if public != nil {
		return public
	}
	return net.IPv4(127, 0, 0, 1).To4()
}

func looksVirtual(name string) bool {
	for _, p := range virtualPrefixes {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// OwnAddress reports whether addr is still one of this machine's own: a
// loopback or interface IP address, or a host name (which the network
// resolves, so it is taken as it is). Links carrying an address the
// machine no longer has (it joined another Wi-Fi) are dead.
func OwnAddress(addr string) bool {
	ip := net.ParseIP(addr)
	if ip == nil {
		return addr != ""
	}
	if ip.IsLoopback() {
		return true
	}
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return false
	}
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && n.IP.Equal(ip) {
			return true
		}
	}
	return false
}
