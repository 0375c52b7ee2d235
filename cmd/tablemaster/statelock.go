package main

// stateBusyError says another tablemaster serves the state folder, and
// which one.
type stateBusyError struct {
	dir, who string
}

func (e *stateBusyError) Error() string {
	return "another tablemaster is serving the tables of " + e.dir + " (" + e.who + "): stop it first, " +
		"or start tables from its host page; --state names another folder"
}
