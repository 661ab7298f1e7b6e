// Command ferretdb-helper runs an embedded FerretDB v1 (MongoDB wire protocol) for the test suites,
// because MongoDB itself cannot be installed on our machines. It prints the mongodb:// URL on
// stdout once it accepts connections and exits on SIGINT/SIGTERM.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	port := flag.Int("port", 27017, "TCP port on 127.0.0.1")
	handler := flag.String("handler", "sqlite", "sqlite or postgresql")
	stateDir := flag.String("state-dir", "", "directory for the sqlite handler's files (required for sqlite)")
	postgresURL := flag.String("postgresql-url", "postgres://postgres@127.0.0.1:5432/ferretdb", "for the postgresql handler")
	watchStdin := flag.Bool("watch-stdin", false, "exit when stdin closes (the parent test run died)")
	removeState := flag.Bool("remove-state-dir", false, "delete -state-dir on exit (a throwaway test server)")
	flag.Parse()

	cfg := &ferretdb.Config{
		Listener:      ferretdb.ListenerConfig{TCP: net.JoinHostPort("127.0.0.1", strconv.Itoa(*port))},
		Handler:       *handler,
		PostgreSQLURL: *postgresURL,
		// Logs go to stderr so stdout carries only the URL line.
		Logger: slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})),
	}
	if *handler == "sqlite" {
		if *stateDir == "" {
			log.Fatal("-state-dir is required for the sqlite handler")
		}
		abs, err := filepath.Abs(*stateDir)
		if err != nil {
			log.Fatal(err)
		}
		if err := os.MkdirAll(abs, 0o755); err != nil {
			log.Fatal(err)
		}
		// FerretDB wants a file: URI of a directory with a trailing slash.
		cfg.SQLiteURL = (&url.URL{Scheme: "file", Path: abs + "/"}).String()
	}

	f, err := ferretdb.New(cfg)
	if err != nil {
		log.Fatal(err)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if *watchStdin {
		// A killed jest cannot send SIGTERM, but its end of our stdin pipe closes: don't outlive it.
		go func() {
			_, _ = io.Copy(io.Discard, os.Stdin)
			stop()
		}()
	}

	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := f.Run(ctx); err != nil {
			log.Print(err)
		}
	}()

	// MongoDBURI blocks until the listener is bound; then confirm it accepts a connection.
	uri := f.MongoDBURI()
	addr := cfg.Listener.TCP
	for deadline := time.Now().Add(30 * time.Second); ; {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			log.Fatalf("FerretDB did not accept connections on %s: %v", addr, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	fmt.Println(uri)

	<-done
	if *removeState && *stateDir != "" {
		_ = os.RemoveAll(*stateDir)
	}
}
