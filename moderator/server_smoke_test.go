package moderator

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"tablemaster/engine"
	"tablemaster/engine/noir"
)

func TestServerSmoke(t *testing.T) {
	st, err := NewStore(t.TempDir(), time.Now)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := st.Create(NewTableSpec{Game: "noir", Seats: []string{"Aki", "Ben"}, Options: noir.Config{}, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(NewServer(st, engine.EN).Handler())
	defer srv.Close()
	h := tb.Header()
	get := func(p string) (int, string) {
		resp, err := http.Get(srv.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		return resp.StatusCode, string(b)
	}
	code, body := get("/s/" + h.Tokens[0])
	if code != 200 || !strings.Contains(body, "Draw your identity card") {
		t.Fatalf("phone page: %d %s", code, body)
	}
	resp, err := http.PostForm(srv.URL+"/s/"+h.Tokens[0]+"/act", url.Values{"a": {"draw"}, "v": {"0"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	code, body = get("/s/" + h.Tokens[0])
	t.Log(len(body))
	if !strings.Contains(body, "Your identity") {
		t.Fatalf("after draw: %s", body)
	}
	code, body = get("/t/" + h.TableToken)
	if code != 200 {
		t.Fatal(code)
	}
	t.Log(body[:200])
}
