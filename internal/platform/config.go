// Package platform holds what every feature shares: settings, database, HTTP conventions.
package platform

import (
	"time"

	"github.com/caarlos0/env/v11"
)

// Config is the server's settings, read from the environment (flags may override some).
type Config struct {
	Addr            string        `env:"VIGIA_ADDR" envDefault:":8080"`
	DB              string        `env:"VIGIA_DB" envDefault:"sqlite:./data/vigia.db"`
	TileURL         string        `env:"VIGIA_TILE_URL" envDefault:"https://tile.openstreetmap.org/{z}/{x}/{y}.png"`
	AdminPassword   string        `env:"VIGIA_ADMIN_PASSWORD"`
	SessionIdle     time.Duration `env:"VIGIA_SESSION_IDLE" envDefault:"2h"`
	SessionLifetime time.Duration `env:"VIGIA_SESSION_LIFETIME" envDefault:"12h"`
	SecureCookie    bool          `env:"VIGIA_SECURE_COOKIE"`
	LogLevel        string        `env:"VIGIA_LOG_LEVEL" envDefault:"info"`
	// HistoryRetention is how many days of measured history to keep (0: everything).
	HistoryRetention int `env:"VIGIA_HISTORY_RETENTION" envDefault:"0"`
}

// LoadConfig reads the settings from the environment.
func LoadConfig() (Config, error) {
	return env.ParseAs[Config]()
}
