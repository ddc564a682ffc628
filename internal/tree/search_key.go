package tree

import (
	"strings"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// SearchKey is the text the side-bar search matches: both names, lower case, without
// accents, so that "area" finds "Área" on both engines and no function runs per row.
func SearchKey(names ...string) string {
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	key, _, err := transform.String(t, strings.ToLower(strings.Join(names, "\n")))
	if err != nil {
		return strings.ToLower(strings.Join(names, "\n"))
	}
	return key
}
