-- +goose Up
-- The template workspace is a factory of its own, seen and edited by ADMIN only: its
-- machines and components are the templates that editors download.
ALTER TABLE fabricas ADD COLUMN plantilla BOOLEAN NOT NULL DEFAULT FALSE;
INSERT INTO fabricas (nombre, referencia, plantilla) VALUES ('Plantillas', 'PLANTILLAS', TRUE);

-- +goose Down
DELETE FROM fabricas WHERE plantilla;
ALTER TABLE fabricas DROP COLUMN plantilla;
