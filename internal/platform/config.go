// Package platform holds what every feature shares: settings, database, HTTP conventions.
package platform

import (
	"time"

	"github.com/caarlos0/env/v11"

	"vigia/internal/auth"
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
	// MQTTURL, when set, is the broker devices also reach the server through
	// (tcp://user:password@host:1883, docs/DEVICES.md); HTTP stays served.
	MQTTURL string `env:"VIGIA_MQTT_URL"`
	// MQTTClientID is the server's session on the broker: fixed, so that its subscriptions
	// and the messages queued for it outlive a restart of either side.
	MQTTClientID string `env:"VIGIA_MQTT_CLIENT_ID" envDefault:"vigia-server"`
	// CriterionExempt is the fixed allow-list of users exempt, at the sites named for them,
	// from the criterion time minimum (S1 §5): login:site pairs, a site by id or GUID.
	CriterionExempt auth.Exemptions `env:"VIGIA_CRITERION_EXEMPT"`
	// Simulate makes serve play the demo factory's devices against itself (make run sets
	// it; those devices get new tokens). Off by default, so that other servers (the e2e
	// tests') stay quiet unless they ask.
	Simulate bool `env:"VIGIA_SIMULATE"`
}

// LoadConfig reads the settings from the environment.
func LoadConfig() (Config, error) {
	return env.ParseAs[Config]()
}
