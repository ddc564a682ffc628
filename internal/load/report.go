package load

import (
	"fmt"
	"io"
	"math"
	"slices"
	"text/tabwriter"
	"time"
)

// samples are the durations of one operation's calls and its failures.
type samples struct {
	write  bool
	took   []time.Duration
	errors int
	// first is the first failure, shown so that a run with errors says why.
	first error
}

// recorder is what one client measured, by operation; clients merge theirs at the end, so
// that measuring takes no lock.
type recorder map[string]*samples

func (r recorder) add(name string, write bool, took time.Duration, err error) {
	s := r[name]
	if s == nil {
		s = &samples{write: write}
		r[name] = s
	}
	s.took = append(s.took, took)
	if err != nil {
		s.errors++
		if s.first == nil {
			s.first = err
		}
	}
}

func (r recorder) merge(other recorder) {
	for name, o := range other {
		s := r[name]
		if s == nil {
			r[name] = o
			continue
		}
		s.took = append(s.took, o.took...)
		s.errors += o.errors
		if s.first == nil {
			s.first = o.first
		}
	}
}

// Stats are one operation's figures over a run.
type Stats struct {
	Op                 string
	Write              bool
	Requests, Errors   int
	PerSecond          float64
	P50, P95, P99, Max time.Duration
	FirstError         error
}

// Report is a run's figures: each operation by name, then all reads, all writes and all.
type Report struct {
	Elapsed time.Duration
	Ops     []Stats
}

// report sorts each operation's durations and reads their percentiles.
func (r recorder) report(elapsed time.Duration) *Report {
	rep := &Report{Elapsed: elapsed}
	var reads, writes samples
	writes.write = true
	names := make([]string, 0, len(r))
	for name := range r {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		s := r[name]
		rep.Ops = append(rep.Ops, s.stats(name, elapsed))
		all := &reads
		if s.write {
			all = &writes
		}
		all.took = append(all.took, s.took...)
		all.errors += s.errors
	}
	both := samples{took: append(slices.Clone(reads.took), writes.took...), errors: reads.errors + writes.errors}
	rep.Ops = append(rep.Ops, reads.stats("all reads", elapsed), writes.stats("all writes", elapsed), both.stats("all", elapsed))
	return rep
}

func (s *samples) stats(name string, elapsed time.Duration) Stats {
	slices.Sort(s.took)
	st := Stats{Op: name, Write: s.write, Requests: len(s.took), Errors: s.errors, FirstError: s.first,
		P50: Percentile(s.took, 50), P95: Percentile(s.took, 95), P99: Percentile(s.took, 99), Max: Percentile(s.took, 100)}
	if elapsed > 0 {
		st.PerSecond = float64(len(s.took)) / elapsed.Seconds()
	}
	return st
}

// Percentile is the nearest-rank p-th percentile of sorted durations: the smallest that at
// least p percent of them do not exceed (0 for none).
func Percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	rank := int(math.Ceil(p / 100 * float64(len(sorted))))
	return sorted[min(max(rank, 1), len(sorted))-1]
}

// Print writes the report as a table.
func (r *Report) Print(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "operation\tkind\trequests\treq/s\terrors\tp50\tp95\tp99\tmax\t\n")
	for _, s := range r.Ops {
		kind := "read"
		if s.Write {
			kind = "write"
		}
		if s.Op == "all" {
			kind = ""
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%.1f\t%d\t%s\t%s\t%s\t%s\t\n", s.Op, kind, s.Requests, s.PerSecond, s.Errors,
			ms(s.P50), ms(s.P95), ms(s.P99), ms(s.Max))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "measured over %s\n", r.Elapsed.Round(time.Millisecond))
	for _, s := range r.Ops {
		if s.FirstError != nil {
			fmt.Fprintf(w, "first error of %s: %v\n", s.Op, s.FirstError)
		}
	}
	return nil
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2fms", float64(d)/float64(time.Millisecond)) }
