-- +goose Up
-- The poll interval (seconds) a device was given when it last asked for its configuration
-- (sondeo): it keeps that one (a pause's 6 hours, whatever is published after it), so its
-- silence is judged by it. NULL: not asked since the interval was kept.
ALTER TABLE equipos ADD COLUMN intervalo_sondeo BIGINT;

-- +goose Down
ALTER TABLE equipos DROP COLUMN intervalo_sondeo;
