-- +goose Up
-- The id of an offline machine's route association (the spec's AsociacionesMaquinaId,
-- MACH-085), whose contents no screen shows: kept as sent. Online machines have none.
ALTER TABLE maquinas ADD COLUMN asociaciones_maquina_id INTEGER;

-- +goose Down
ALTER TABLE maquinas DROP COLUMN asociaciones_maquina_id;
