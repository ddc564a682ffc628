package api

// Suffix is what the name of a copied or downloaded item gets, in each language.
type Suffix struct{ Es, En string }

// The suffixes of copies (CAT-005) and of downloads from the templates (CAT-004).
var (
	CopySuffix     = Suffix{Es: " (copia)", En: " (copy)"}
	DownloadSuffix = Suffix{Es: " (descarga)", En: " (download)"}
)

// Append returns name with the suffix of lang (Spanish or, otherwise, English), the name cut
// so that the whole stays within MaxName characters.
func (s Suffix) Append(name, lang string) string {
	suffix := s.Es
	if lang != "" && lang != Languages[0] {
		suffix = s.En
	}
	r := []rune(name)
	if keep := MaxName - len([]rune(suffix)); len(r) > keep {
		r = r[:keep]
	}
	return string(r) + suffix
}
