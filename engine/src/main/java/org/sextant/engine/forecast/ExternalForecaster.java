package org.sextant.engine.forecast;

import org.sextant.engine.exchange.CsvWriter;

import org.sextant.contract.FailReason;

import org.sextant.engine.process.ExternalCommand;

import org.sextant.engine.SextantException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A forecaster that is an external command (e.g. a Python model). The command gets four more
 * arguments: the history CSV path (header {@code t,value}), the output CSV path, the horizon and
 * the levels (comma-separated). It must write {@code step,quantile,value} rows for quantile 0.5
 * and (1±L)/2 of every level. Output and errors go to files, never to pipes, so nothing blocks
 * when a grandchild keeps a descriptor open; on timeout the whole process tree is killed.
 */
public final class ExternalForecaster implements Forecaster {
    private final String name;
    private final List<String> command;
    private final Duration timeout;

    public ExternalForecaster(String name, List<String> command, Duration timeout) {
        if (command == null || command.isEmpty()) throw SextantException.invalid("command", "no command given", "give the program and its arguments");
        if (timeout == null || timeout.isNegative() || timeout.isZero()) throw SextantException.invalid("timeout", "timeout must be positive", "give e.g. 60 seconds");
        this.name = name;
        this.command = List.copyOf(command);
        this.timeout = timeout;
    }

    @Override public String name() { return name; }
    @Override public int minLength(int period) { return 2; }

    @Override
    public Forecast compute(double[] y, int period, int h, double[] levels) {
        Path dir = null;
        try {
            dir = Files.createTempDirectory("sextant-ext");
            Path in = dir.resolve("history.csv"), out = dir.resolve("quantiles.csv");
            List<List<Object>> rows = new ArrayList<>();
            for (int t = 0; t < y.length; t++) rows.add(List.of(t + 1, y[t]));
            Files.writeString(in, CsvWriter.table(List.of("t", "value"), rows, CsvWriter.LF));
            List<String> cmd = new ArrayList<>(command);
            cmd.add(in.toString());
            cmd.add(out.toString());
            cmd.add(Integer.toString(h));
            List<String> lv = new ArrayList<>();
            for (double l : levels) lv.add(String.format(Locale.ROOT, "%s", l));
            cmd.add(String.join(",", lv));
            // the process runner reads output from files and kills the whole tree on timeout
            ExternalCommand.Result r = new ExternalCommand(cmd, dir, timeout).run();
            if (r.timedOut()) {
                throw new SextantException(FailReason.TIMEOUT, "external forecaster " + name + " did not finish within " + timeout.toSeconds() + " s; its process tree was killed",
                        "timeout", "raise the timeout or make the command faster");
            }
            if (r.exitCode() != 0) {
                String err = r.stderr().strip();
                throw new SextantException(FailReason.EXTERNAL_FAILED, "external forecaster " + name + " exited with code " + r.exitCode() + ": "
                        + (err.length() > 2000 ? err.substring(err.length() - 2000) : err),
                        "command", "run the command by hand on the history CSV to see the failure");
            }
            return parse(out, h, levels);
        } catch (IOException e) {
            throw new SextantException(FailReason.EXTERNAL_FAILED, "external forecaster " + name + " could not run: " + e.getMessage(), "command",
                    "check that the program exists and is executable", e);
        } finally {
            deleteQuietly(dir);
        }
    }

    private Forecast parse(Path out, int h, double[] levels) throws IOException {
        if (!Files.exists(out)) throw bad("wrote no output file");
        Map<Long, double[]> q = new HashMap<>(); // key: round(quantile·1e6) → values per step
        List<String> lines = Files.readAllLines(out);
        if (lines.isEmpty() || !lines.get(0).trim().equalsIgnoreCase("step,quantile,value")) throw bad("output header must be step,quantile,value");
        for (String line : lines.subList(1, lines.size())) {
            if (line.isBlank()) continue;
            String[] f = line.split(",");
            try {
                int step = Integer.parseInt(f[0].trim());
                double qu = Double.parseDouble(f[1].trim()), v = Double.parseDouble(f[2].trim());
                if (step < 1 || step > h || !Double.isFinite(v)) throw bad("row out of range: " + line);
                q.computeIfAbsent(Math.round(qu * 1e6), k -> filled(h))[step - 1] = v;
            } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
                throw bad("unreadable row: " + line);
            }
        }
        double[] med = need(q, 0.5);
        List<QuantileBand> bands = new ArrayList<>();
        for (double l : levels) bands.add(new QuantileBand(l, need(q, (1 - l) / 2), need(q, (1 + l) / 2)));
        try {
            return new Forecast(name, med, bands);
        } catch (IllegalStateException e) {
            throw bad("quantiles are not ordered: " + e.getMessage());
        }
    }

    private double[] need(Map<Long, double[]> q, double quantile) {
        double[] v = q.get(Math.round(quantile * 1e6));
        if (v == null) throw bad("no rows for quantile " + quantile);
        for (int i = 0; i < v.length; i++) if (Double.isNaN(v[i])) throw bad("quantile " + quantile + " missing at step " + (i + 1));
        return v;
    }

    private static double[] filled(int h) {
        double[] a = new double[h];
        java.util.Arrays.fill(a, Double.NaN);
        return a;
    }

    private SextantException bad(String what) {
        return new SextantException(FailReason.EXTERNAL_FAILED, "external forecaster " + name + ": " + what, "command",
                "write step,quantile,value rows for quantile 0.5 and (1±level)/2 of each level");
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) return;
        try (var s = Files.walk(dir)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temp folder left behind is harmless
        }
    }
}
