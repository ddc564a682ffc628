package catalog

import "testing"

// Defaults of the sensor editors (S3 §9).
func TestSensorDefaults(t *testing.T) {
	d := DynamicSensor{NombreEs: "A", Power: Power{"OFF"}, Magnitud: Magnitude{"MM/S"}}
	if err := checkDynamic(&d); err != nil || d.Entrada.EnumEntradaVoltajeID != "±8" || d.Magnitud.EnumMagnitudID != "G" || d.NombreEn != "A" {
		t.Errorf("SENS-020, SENS-023, SENS-026 dynamic: %+v %v", d, err)
	}
	c := Sensor420{NombreEs: "B", Magnitud: Magnitude{"RPM"}, TiempoMuestra: SampleTime{"1S"}}
	if err := check420(&c); err != nil || c.Power.EnumPotenciaID != "OFF" {
		t.Errorf("SENS-037 4-20 power: %+v %v", c, err)
	}
	v := StaticVoltageSensor{NombreEs: "C", Magnitud: Magnitude{"V"}, TiempoMuestra: SampleTime{"1S"}, DcTop: ptr("10,5")}
	if err := checkStaticVoltage(&v); err != nil || v.Entrada.EnumEntradaVoltajeID != "DC_0_10" || v.Power.EnumPotenciaID != "OFF" || *v.DcTop != "10.500" {
		t.Errorf("SENS-049, SENS-050, SENS-057 static voltage: %+v %v", v, err)
	}
	vs := VirtualSensor{NombreEs: "D"}
	if err := checkVirtual(&vs); err != nil || vs.Magnitud.EnumMagnitudID != "RPM" {
		t.Errorf("SENS-063 virtual: %+v %v", vs, err)
	}
	n := NamedSensor{Nombre: " E "}
	if err := checkNamed(&n); err != nil || n.Magnitud.EnumMagnitudID != "RPM" || n.Nombre != "E" {
		t.Errorf("SENS-067 keyboard/nominal: %+v %v", n, err)
	}
	s := DynamicSensor{NombreEs: "F", Power: Power{"OFF"}, Sensibilidad: ptr("100"), BIASmin: ptr(" ")}
	if err := checkDynamic(&s); err != nil || *s.Sensibilidad != "100.00" || s.BIASmin != nil {
		t.Errorf("SENS-021, SENS-027: %+v %v", s, err)
	}
}

func ptr(s string) *string { return &s }
