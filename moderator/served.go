package moderator

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// servedFile is where a state folder remembers how it was last served.
const servedFile = "served.json"

// Served is what a state folder remembers of the last tablemaster that
// served it: where the phones reached it, and the night's host link. A
// restarted host, resume or game command serves on the same port again by
// default, and a restarted host keeps its link for the rest of the night,
// so every open page carries on by itself.
type Served struct {
	// Addr is the address the links carried (the laptop's LAN address or
	// --addr); Port the port they carried.
	Addr string `json:"addr"`
	Port int    `json:"port"`
	// HostToken is the host page's secret, for the night Night names
	// (NightSpan.String); a new night gets a new one.
	HostToken string `json:"host_token,omitempty"`
	Night     string `json:"night,omitempty"`
}

// LoadServed reads what the state folder dir remembers. A folder never
// served, or a file that cannot be read as one, remembers nothing: the
// caller then picks a free port, as on the first night.
func LoadServed(dir string) (Served, error) {
	var s Served
	b, err := os.ReadFile(filepath.Join(dir, servedFile))
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return s, err
	}
	if err := json.Unmarshal(b, &s); err != nil || s.Port < 0 || s.Port > 65535 {
		return Served{}, fmt.Errorf("%s is damaged; it is ignored and written anew", filepath.Join(dir, servedFile))
	}
	return s, nil
}

// SaveServed remembers s in the state folder dir. The file is written
// beside and renamed into place, so a crash leaves the old or the new one,
// never half of either; it holds the host link, so only its owner reads it.
func SaveServed(dir string, s Served) error {
	b, err := json.Marshal(s)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, servedFile+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return err
	}
	if _, err := tmp.Write(append(b, '\n')); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), filepath.Join(dir, servedFile))
}
