//go:build !unix

package main

// holdLog would take the lock that says this process runs the table whose
// log is at path. Only Unix systems have it; elsewhere nothing stops two
// tablemasters from running one table.
func holdLog(path string) (release func(), err error) { return func() {}, nil }
