//go:build !linux

package main

// portHolder cannot name the process holding a port here.
func portHolder(port int) string { return "" }
