// Command pgcheck exits 0 when the PostgreSQL server of the given URL answers.
package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"vigia/internal/platform/db"
)

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	d, err := db.Open(ctx, os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	d.Close()
}
