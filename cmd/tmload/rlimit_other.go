//go:build !unix

package main

// raiseFileLimit cannot read the limit here; the run finds out.
func raiseFileLimit(int) (uint64, error) { return 0, nil }
