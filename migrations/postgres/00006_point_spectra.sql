-- +goose Up
-- A point's alert-device spectra, one per range (TREE-098): a spectrum a point uses is not deleted.
ALTER TABLE puntos ADD COLUMN espectro_br BIGINT REFERENCES catalogo(id);
ALTER TABLE puntos ADD COLUMN espectro_ar BIGINT REFERENCES catalogo(id);
ALTER TABLE puntos ADD COLUMN espectro_dm BIGINT REFERENCES catalogo(id);

-- +goose Down
ALTER TABLE puntos DROP COLUMN espectro_dm;
ALTER TABLE puntos DROP COLUMN espectro_ar;
ALTER TABLE puntos DROP COLUMN espectro_br;
