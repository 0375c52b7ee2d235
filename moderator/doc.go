package moderator

// The pages are templ components (*.templ), compiled to the *_templ.go
// files beside them, which are committed: after a change to a .templ file,
// run go generate ./moderator/...

//go:generate go run github.com/a-h/templ/cmd/templ@v0.3.1100 generate
