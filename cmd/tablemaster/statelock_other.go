//go:build !unix

package main

import "time"

// lockState would take the state folder for this process. Only Unix
// systems have the lock; elsewhere nothing stops two tablemasters.
func lockState(dir string, now time.Time) (release func(), err error) { return func() {}, nil }
