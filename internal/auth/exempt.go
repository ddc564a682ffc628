package auth

import (
	"fmt"
	"strings"
)

// Exemptions is the fixed allow-list of S1 §5 (AUTH-008): users who, at the sites listed for
// them, are exempt from the criterion time minimum as administrators are. The spec does not
// show the list; ours is the server's setting VIGIA_CRITERION_EXEMPT, comma-separated
// login:site pairs, a site by its id or its GUID ("ana:12,luis:6f1c…"), fixed while it runs.
type Exemptions struct {
	sites map[string][]string // login → site ids and GUIDs
}

// UnmarshalText reads the list from the setting's text.
func (e *Exemptions) UnmarshalText(text []byte) error {
	e.sites = map[string][]string{}
	for _, pair := range strings.Split(string(text), ",") {
		if pair = strings.TrimSpace(pair); pair == "" {
			continue
		}
		login, site, ok := strings.Cut(pair, ":")
		login, site = strings.TrimSpace(login), strings.TrimSpace(site)
		if !ok || login == "" || site == "" {
			return fmt.Errorf("criterion exemption %q: want login:site", pair)
		}
		e.sites[login] = append(e.sites[login], site)
	}
	return nil
}

// Sites are the sites, by id or GUID, at which the list exempts the user login.
func (e Exemptions) Sites(login string) []string { return e.sites[login] }
