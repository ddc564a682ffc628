package api

import "testing"

// I18N-002: every server message exists in Spanish, English and French.
func TestEveryMessageHasThreeLanguages(t *testing.T) {
	for _, code := range MessageCodes() {
		for _, lang := range Languages {
			if msg := Message(lang, code, nil); msg == "" || msg == code {
				t.Errorf("%s has no %s text", code, lang)
			}
		}
		if Message("es", code, nil) == Message("en", code, nil) {
			t.Errorf("%s: the English text is the Spanish one", code)
		}
	}
	if got := Message("es", "max_length", map[string]any{"max": 100}); got != "Máximo 100 caracteres." {
		t.Errorf("interpolation: %q", got)
	}
}

// I18N-001: Spanish unless the caller asks for a language we speak.
func TestLanguageFromHeader(t *testing.T) {
	for h, want := range map[string]string{
		"":                     "es",
		"en-US,en;q=0.9":       "en",
		"fr-CA":                "fr",
		"de-DE,fr;q=0.5":       "fr",
		"de-DE":                "es",
		"ES":                   "es",
		"pt-BR,en-GB;q=0.8,fr": "en",
	} {
		if got := LanguageFromHeader(h); got != want {
			t.Errorf("%q: got %s, want %s", h, got, want)
		}
	}
}
