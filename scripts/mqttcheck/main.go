// Command mqttcheck exits 0 when the MQTT broker of the given URL (tcp://host:port) takes a
// connection.
package main

import (
	"fmt"
	"os"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"
)

func main() {
	c := paho.NewClient(paho.NewClientOptions().AddBroker(os.Args[1]).SetClientID(fmt.Sprintf("vigia-mqttcheck-%d", os.Getpid())).
		SetConnectTimeout(5 * time.Second))
	t := c.Connect()
	if !t.WaitTimeout(10*time.Second) || t.Error() != nil {
		fmt.Fprintln(os.Stderr, "no MQTT broker at", os.Args[1], t.Error())
		os.Exit(1)
	}
	c.Disconnect(100)
}
