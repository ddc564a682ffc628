// Package apiclient calls a running Vigía server over HTTP as the console does: a signed-in
// session with its cookie and the X-Requested-With header, and the plant it finds through the
// API. `vigia bench load` and the crash test drive servers with it; devices talk through
// simulate.HTTP.
package apiclient

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"time"
)

// Error is an answer other than 2xx: the server received the call and refused it.
type Error struct {
	Method, Path string
	Status       int
	Body         string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s %s: %d %s", e.Method, e.Path, e.Status, strings.TrimSpace(e.Body))
}

// Answered tells whether err is the server's answer (an *Error) rather than a call that got
// no answer (refused connection, reset, timeout), whose effect is unknown.
func Answered(err error) bool {
	var e *Error
	return errors.As(err, &e)
}

// Session is one signed-in user of a server, with a cookie jar of its own like a browser.
type Session struct {
	URL  string
	HTTP *http.Client
}

// SignIn opens a session as login on the server at url (http://host:port).
func SignIn(ctx context.Context, url, login, password string) (*Session, error) {
	jar, err := cookiejar.New(nil)
	if err != nil {
		return nil, err
	}
	s := &Session{URL: strings.TrimSuffix(url, "/"), HTTP: &http.Client{Jar: jar, Timeout: time.Minute, Transport: &http.Transport{MaxIdleConnsPerHost: 4}}}
	err = s.Do(ctx, http.MethodPost, "/auth/login", map[string]string{"Login": login, "Password": password}, nil)
	return s, err
}

// Do calls path (below /api) with in as JSON body (nil: none) and decodes a 2xx answer into
// out (nil: discarded). Any other answer is an *Error.
func (s *Session) Do(ctx context.Context, method, path string, in, out any) error {
	var body io.Reader
	if in != nil {
		raw, err := json.Marshal(in)
		if err != nil {
			return err
		}
		body = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(ctx, method, s.URL+"/api"+path, body)
	if err != nil {
		return err
	}
	req.Header.Set("X-Requested-With", "vigia")
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := s.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	switch {
	case err != nil:
		return err
	case res.StatusCode/100 != 2:
		return &Error{Method: method, Path: path, Status: res.StatusCode, Body: string(raw)}
	case out == nil || res.StatusCode == http.StatusNoContent:
		return nil
	}
	return json.Unmarshal(raw, out)
}
