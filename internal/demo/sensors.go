package demo

import (
	"context"

	"vigia/internal/app"
	"vigia/internal/catalog"
	"vigia/internal/platform/db"
)

// loadSensors fills the template sensor catalogue once and downloads some of it into the
// demo factory, as a plant would.
func loadSensors(ctx context.Context, q db.Querier, feats *app.Features, factory int64) error {
	s := feats.Catalog.Sensors
	templates := scope(ctx, 0)
	if list, err := s.Dynamic.List(ctx, q, templates); err != nil || len(list) > 0 {
		return err
	}
	str := func(v string) *string { return &v }
	dynamic := []catalog.DynamicSensor{
		{NombreEs: "Acelerómetro ICP 100 mV/g", NombreEn: "ICP accelerometer 100 mV/g", Sensibilidad: str("100"), TiempoEstabilidad: 5,
			Power: catalog.Power{EnumPotenciaID: "ICP_4MA"}, BIASmin: str("8"), BIASmax: str("14")},
		{NombreEs: "Acelerómetro ICP 500 mV/g (baja frecuencia)", NombreEn: "ICP accelerometer 500 mV/g (low frequency)", Sensibilidad: str("500"),
			TiempoEstabilidad: 10, Power: catalog.Power{EnumPotenciaID: "ICP_4MA"}, BIASmin: str("10"), BIASmax: str("14")},
		{NombreEs: "Acelerómetro ICP 10 mV/g (alta frecuencia)", NombreEn: "ICP accelerometer 10 mV/g (high frequency)", Sensibilidad: str("10"),
			TiempoEstabilidad: 3, Power: catalog.Power{EnumPotenciaID: "ICP_2MA"}, BIASmin: str("8"), BIASmax: str("14")},
	}
	var first *catalog.Dynamic
	for i := range dynamic {
		t, err := s.Dynamic.Create(ctx, q, templates, &catalog.Dynamic{DynamicSensor: dynamic[i]})
		if err != nil {
			return err
		}
		if first == nil {
			first = t
		}
	}
	if _, err := s.DigitalDynamic.Create(ctx, q, templates, &catalog.DigitalDynamic{DynamicSensor: catalog.DynamicSensor{
		NombreEs: "KOS Sensor MEMS triaxial", NombreEn: "KOS Sensor triaxial MEMS", Sensibilidad: str("1"), Power: catalog.Power{EnumPotenciaID: "OFF"}}}); err != nil {
		return err
	}
	speed, err := s.Current420.Create(ctx, q, templates, &catalog.Current420{Sensor420: catalog.Sensor420{
		NombreEs: "Transmisor de velocidad 4-20 mA (0-3000 rpm)", NombreEn: "Speed transmitter 4-20 mA (0-3000 rpm)", Lectura4ma: str("0"), Lectura20ma: str("3000"),
		TiempoEstabilidad: 2, Unidades: 1, Magnitud: catalog.Magnitude{EnumMagnitudID: "RPM"}, TiempoMuestra: catalog.SampleTime{EnumTiempoMuestraID: "1S"}}})
	if err != nil {
		return err
	}
	if _, err := s.Current420.Create(ctx, q, templates, &catalog.Current420{Sensor420: catalog.Sensor420{
		NombreEs: "Transmisor de carga 4-20 mA (0-100 %)", NombreEn: "Load transmitter 4-20 mA (0-100 %)", Lectura4ma: str("0"), Lectura20ma: str("100"),
		TiempoEstabilidad: 2, Unidades: 1, Magnitud: catalog.Magnitude{EnumMagnitudID: "PCT"}, TiempoMuestra: catalog.SampleTime{EnumTiempoMuestraID: "1S"}}}); err != nil {
		return err
	}
	if _, err := s.StaticVoltage.Create(ctx, q, templates, &catalog.StaticVoltage{StaticVoltageSensor: catalog.StaticVoltageSensor{
		NombreEs: "Sonda de temperatura 0-10 V (-20…120 °C)", NombreEn: "Temperature probe 0-10 V (-20…120 °C)", DcOffset: str("-20"), DcTop: str("120"),
		TiempoEstabilidad: 1, TiempoMuestra: catalog.SampleTime{EnumTiempoMuestraID: "10S"}, Magnitud: catalog.Magnitude{EnumMagnitudID: "C"}}}); err != nil {
		return err
	}
	tacho, err := s.Tacho.Create(ctx, q, templates, &catalog.Tacho{TachoSensor: catalog.TachoSensor{NombreEs: "Tacómetro 1 pulso por vuelta", NombreEn: "Tachometer 1 pulse per revolution", Cuentas: 1}})
	if err != nil {
		return err
	}
	if _, err := s.Virtual.Create(ctx, q, templates, &catalog.Virtual{VirtualSensor: catalog.VirtualSensor{NombreEs: "Velocidad por 1x del espectro", NombreEn: "Speed from the spectrum 1x"}}); err != nil {
		return err
	}
	if _, err := s.Keyboard.Create(ctx, q, templates, &catalog.Keyboard{NamedSensor: catalog.NamedSensor{Nombre: "Velocidad introducida por el operador"}}); err != nil {
		return err
	}
	if _, err := s.Nominal.Create(ctx, q, templates, &catalog.Nominal{NamedSensor: catalog.NamedSensor{Nombre: "Velocidad nominal de placa"}}); err != nil {
		return err
	}

	// The demo factory has downloaded the accelerometer, the speed transmitter and the
	// tachometer, and keeps a copy of the accelerometer for its fans.
	plant := scope(ctx, factory)
	acc, err := s.Dynamic.Download(ctx, q, plant, itoa(first.AdminSensorDinamicoID))
	if err != nil {
		return err
	}
	if _, err := s.Current420.Download(ctx, q, plant, itoa(speed.AdminSensor420ID)); err != nil {
		return err
	}
	if _, err := s.Tacho.Download(ctx, q, plant, itoa(tacho.AdminSensorTacometroID)); err != nil {
		return err
	}
	_, err = s.Dynamic.Copy(ctx, q, plant, itoa(acc.UsuSensorDinamicoID))
	return err
}
