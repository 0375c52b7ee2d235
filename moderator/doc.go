package moderator

// The pages are templ components (*.templ), compiled to the *_templ.go
// files beside them, which are committed: after a change to a .templ file,
// run go generate ./moderator. It generates every .templ file of the
// module from its root (-path ..), as `templ generate` run at the root
// does, so both write the same files (they name their source by its path).

//go:generate go run github.com/a-h/templ/cmd/templ@v0.3.1100 generate -path ..
