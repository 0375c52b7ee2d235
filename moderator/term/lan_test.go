package term

import (
	"net"
	"testing"
)

func TestPickLANAddress(t *testing.T) {
	up := net.FlagUp | net.FlagBroadcast | net.FlagMulticast
	lo := ifaceAddrs{Name: "lo", Flags: net.FlagUp | net.FlagLoopback, IPs: ips("127.0.0.1", "::1")}
	docker := ifaceAddrs{Name: "docker0", Flags: up, IPs: ips("172.17.0.1")}
	wifi := ifaceAddrs{Name: "wlan0", Flags: up, IPs: ips("fe80::1", "192.168.1.23")}

	tests := []struct {
		name   string
		ifaces []ifaceAddrs
		want   string
	}{
		{"nothing", nil, "127.0.0.1"},
		{"loopback only", []ifaceAddrs{lo}, "127.0.0.1"},
		{"wifi", []ifaceAddrs{lo, wifi}, "192.168.1.23"},
		{"docker before wifi", []ifaceAddrs{lo, docker, wifi}, "192.168.1.23"},
		{"docker only", []ifaceAddrs{lo, docker}, "127.0.0.1"},
		{"veth and bridge skipped", []ifaceAddrs{
			{Name: "veth1a2b", Flags: up, IPs: ips("10.1.0.1")},
			{Name: "br-5f3e", Flags: up, IPs: ips("172.18.0.1")},
			{Name: "eth0", Flags: up, IPs: ips("10.0.0.5")},
		}, "10.0.0.5"},
		{"down skipped", []ifaceAddrs{
			{Name: "eth0", Flags: net.FlagBroadcast, IPs: ips("192.168.0.9")},
			wifi,
		}, "192.168.1.23"},
		{"vpn skipped", []ifaceAddrs{
			{Name: "tun0", Flags: up | net.FlagPointToPoint, IPs: ips("10.8.0.2")},
			{Name: "ppp0", Flags: up | net.FlagPointToPoint, IPs: ips("10.9.0.2")},
			{Name: "eth0", Flags: up, IPs: ips("172.20.1.4")},
		}, "172.20.1.4"},
		{"private preferred over public", []ifaceAddrs{
			{Name: "eth0", Flags: up, IPs: ips("203.0.113.7")},
			{Name: "wlan0", Flags: up, IPs: ips("172.31.255.1")},
		}, "172.31.255.1"},
		{"172.32 is not private", []ifaceAddrs{
			{Name: "eth0", Flags: up, IPs: ips("172.32.0.1")},
			{Name: "wlan0", Flags: up, IPs: ips("10.0.0.7")},
		}, "10.0.0.7"},
		{"public when nothing private", []ifaceAddrs{
			lo,
			{Name: "eth0", Flags: up, IPs: ips("203.0.113.7")},
		}, "203.0.113.7"},
		{"link-local and IPv6 skipped", []ifaceAddrs{
			{Name: "eth0", Flags: up, IPs: ips("169.254.3.4", "fd00::5", "2001:db8::1")},
		}, "127.0.0.1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := pickLANAddress(tt.ifaces)
			if !got.Equal(net.ParseIP(tt.want)) || got.To4() == nil {
				t.Errorf("pickLANAddress(%v) = %v, want %v", tt.ifaces, got, tt.want)
			}
		})
	}
}

func TestLANAddress(t *testing.T) {
	// Whatever machine this runs on, the answer is a usable IPv4 address.
	ip := LANAddress()
	if ip.To4() == nil || ip.IsUnspecified() {
		t.Errorf("LANAddress() = %v, want an IPv4 address", ip)
	}
}

func ips(ss ...string) []net.IP {
	var out []net.IP
	for _, s := range ss {
		out = append(out, net.ParseIP(s))
	}
	return out
}
