package org.sextant.scaleout;

import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.spark.sql.SparkSession;
import org.sextant.engine.SextantException;
import org.sextant.engine.research.graph.GraphComposer;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * `sextant-spark`: the universe jobs. Local mode on the desktop by default (--master local[*]);
 * under spark-submit pass --master submit to use the cluster's session (docs/scale-out.md).
 */
@Command(name = "sextant-spark", mixinStandardHelpOptions = true, subcommands = {SparkMain.ForecastBacktest.class, SparkMain.ForecastScanCommand.class, SparkMain.StrategySweep.class, SparkMain.Synthetic.class},
        description = "Sextant's universe jobs on Apache Spark (docs/scale-out.md)")
public final class SparkMain {
    /** Spark's overwrite deletes the whole folder first: what --out may be (JobFolders checks it). */
    static final String OUT_HELP = "output folder (any Hadoop path): new, empty, or an earlier job's output, which each run replaces; "
            + "never --in or a Sextant home. A local folder holding anything else is refused, nothing deleted";
    public static void main(String[] args) {
        int rc = commandLine().execute(args);
        if (rc != 0) System.exit(rc);
    }

    /** The commands; a refused argument is one line "error: ... (fix: ...)" and exit code 2. */
    static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new SparkMain());
        cl.setExecutionExceptionHandler((e, cmd, parsed) -> {
            if (!(e instanceof SextantException s)) throw e;
            cmd.getErr().println("error: " + s.getMessage() + (s.fix() == null ? "" : " (fix: " + s.fix() + ")"));
            return 2;
        });
        return cl;
    }

    /** The options both forecast jobs take: the exported prices, model and horizon, which symbols and dates, tasks and master. */
    static final class ForecastJobOptions {
        @Option(names = "--in", required = true, description = "prices from `sextant export-prices` (any Hadoop path)") String in;
        @Option(names = "--model", description = "naive, drift, theta, ets, arima, ... (default theta)") String model;
        @Option(names = "--horizon", description = "how far ahead, in " + org.sextant.contract.Bounds.HORIZON_UNIT + " (default 20)") Integer horizon;
        @Option(names = "--symbols", split = ",", description = "default: every symbol in --in") List<String> symbols;
        @Option(names = "--from", description = "first date read (default: each symbol's first)") LocalDate from;
        @Option(names = "--to", description = "last date read (default: each symbol's last)") LocalDate to;
        @Option(names = "--partitions", description = "tasks (default: 4 per core)") Integer partitions;
        @Option(names = "--master", defaultValue = "local[*]", description = "local[N] (default local[*]) or 'submit' under spark-submit") String master;

        int onSpark(String app, java.util.function.ObjIntConsumer<SparkSession> work) { return SparkMain.onSpark(master, app, partitions, work); }

        /** --in, the symbols asked for and --out (null: nothing written), checked before Spark starts. */
        void checkFolders(String out) {
            JobFolders.checkSymbols(in, JobFolders.checkInput(in), symbols);
            if (out != null) JobFolders.checkOutput(out, in);
        }

        /** The same for a cluster --in and --out (null: nothing written), once the session can reach them. */
        void checkClusterFolders(SparkSession spark, String out) {
            if (out != null) JobFolders.checkClusterOutput(spark, out, in);
            JobFolders.checkClusterSymbols(spark, in, symbols);
        }
    }

    /** Jobs that reached Spark in this JVM: a check made before Spark starts is one that leaves it unchanged. */
    static final java.util.concurrent.atomic.AtomicInteger STARTED = new java.util.concurrent.atomic.AtomicInteger();

    /**
     * Runs a job on the session of {@code master} ('submit': spark-submit's) and stops it after;
     * the job gets the session and its task count ({@code partitions}, default 4 per core). Exit code 0.
     */
    static int onSpark(String master, String app, Integer partitions, java.util.function.ObjIntConsumer<SparkSession> job) {
        STARTED.incrementAndGet();
        // a session already running in this JVM (a host that embeds the job, the module's tests) is
        // reused by getOrCreate and is not this job's to stop
        boolean existed = SparkSession.getDefaultSession().isDefined();
        SparkSession spark = LocalSpark.session(master.equals("submit") ? null : master, app);
        try {
            job.accept(spark, partitions != null ? partitions : 4 * spark.sparkContext().defaultParallelism());
            return 0;
        } finally {
            if (!existed) spark.stop();
        }
    }

    @Command(name = "forecast-backtest", mixinStandardHelpOptions = true,
            description = "Walk-forward forecast backtests per symbol; one Parquet row per symbol (errors as rows). Import with `sextant import-job OUT`.")
    static final class ForecastBacktest implements Callable<Integer> {
        @Mixin ForecastJobOptions job;
        @Option(names = "--out", description = OUT_HELP) String out;
        @Option(names = "--every", description = "origins: monthly (default), weekly or N closes") String every;
        @Option(names = "--oos-start", description = "first out-of-sample origin date (default: the last 40%% of each history)") LocalDate oosStart;
        @Option(names = "--dry-run", description = "print the fits, estimated core-hours and partition plan; compute nothing") boolean dryRun;

        @Override
        public Integer call() {
            ForecastBacktestArguments a = new ForecastBacktestArguments(job.model, job.horizon, every, job.symbols, job.from, job.to, oosStart);
            if (!dryRun && out == null) throw SextantException.invalid("out", "no output folder", "pass --out DIR");
            job.checkFolders(dryRun ? null : out);
            // over the origin bound: refused from a local export's dates before Spark starts, dry run or not (nothing computed)
            boolean bounded = OriginBound.beforeSpark(JobFolders.local(job.in), a);
            return job.onSpark("sextant forecast-backtest", (spark, tasks) -> {
                job.checkClusterFolders(spark, dryRun ? null : out);
                if (dryRun) {
                    DryRun.print(DryRun.estimate(spark, job.in, a, tasks, bounded), System.out);
                } else {
                    ForecastBacktestJob.run(spark, job.in, out, a, tasks, bounded);
                    System.out.println("wrote " + out + "; import it with: bin/sextant import-job " + out);
                }
            });
        }
    }

    // dup: the picocli command shape every job has (options, then onSpark); what each runs and prints differs
    @Command(name = "forecast-scan", mixinStandardHelpOptions = true,
            description = "A universe forecast scan: each symbol's week-aligned live forecast and reward/risk at 80/95/99%%; one Parquet row per symbol "
                    + "(too little history or a refused model as a row). Import with `sextant import-job OUT`; then scans rank the symbols without refitting.")
    static final class ForecastScanCommand implements Callable<Integer> {
        @Mixin ForecastJobOptions job;
        @Option(names = "--out", required = true, description = OUT_HELP) String out;
        @Option(names = "--calibration", description = "model, conformal (default) or adaptive") String calibration;
        @Option(names = "--min-history", description = "closes a symbol needs (default 250); fewer is a skipped row") Integer minHistory;
        @Option(names = "--as-of", description = "the forecast starts at the last completed week on or before this date (default: each symbol's last close)") LocalDate asOf;

        @Override
        public Integer call() {
            ScanArguments a = new ScanArguments(job.model, job.horizon, calibration, minHistory, asOf, job.symbols, job.from, job.to);
            job.checkFolders(out);
            return job.onSpark("sextant forecast-scan", (spark, tasks) -> {
                job.checkClusterFolders(spark, out);
                ForecastScanJob.run(spark, job.in, out, a, tasks);
                System.out.println("wrote " + out + "; import it with: bin/sextant import-job " + out);
            });
        }
    }

    @Command(name = "strategy-sweep", mixinStandardHelpOptions = true,
            description = "Every configuration of a graph spec over a universe, in chunks of configurations across tasks; one Parquet row per configuration. "
                    + "Import with `sextant import-job OUT --session NAME`: the run, its verdict, and its configurations counted in the session.")
    static final class StrategySweep implements Callable<Integer> {
        @Option(names = "--in", required = true, description = "prices from `sextant export-prices` (any Hadoop path)") String in;
        @Option(names = "--out", required = true, description = OUT_HELP) String out;
        @Option(names = "--spec", required = true, description = "graph spec file (JSON, docs/research.md)") java.nio.file.Path spec;
        @Option(names = "--symbols", required = true, split = ",", description = "the universe") List<String> symbols;
        @Option(names = "--from", description = "first date (default: the symbols' common span)") LocalDate from;
        @Option(names = "--to", description = "last date (default: the symbols' common span)") LocalDate to;
        @Option(names = "--oos-start", description = "first out-of-sample date (default: the last 30%% of the span, as in the app)") LocalDate oosStart;
        @Option(names = "--partitions", description = "tasks (default: 4 per core)") Integer partitions;
        @Option(names = "--master", defaultValue = "local[*]", description = "local[N] (default local[*]) or 'submit' under spark-submit") String master;

        @Override
        public Integer call() {
            SweepArguments a = new SweepArguments(readSpec(spec), symbols, from, to, oosStart);
            try {
                GraphComposer.compose(a.spec()).requireOk(); // a spec that does not compose is the user's to fix, before Spark starts
            } catch (SextantException e) {
                throw SextantException.invalid(e.field(), "--spec " + spec + ": " + e.getMessage(), e.fix());
            }
            JobFolders.checkSymbols(in, JobFolders.checkInput(in), a.symbols());
            JobFolders.checkOutput(out, in);
            boolean[] measured = {false};
            int rc = onSpark(master, "sextant strategy-sweep", partitions, (spark, tasks) -> {
                JobFolders.checkClusterOutput(spark, out, in);
                JobFolders.checkClusterSymbols(spark, in, a.symbols());
                StrategySweepJob.Plan p = StrategySweepJob.run(spark, in, out, a, tasks);
                if (p.job() == null) { // every symbol too short: the rows say why
                    List<String> why = p.failed().stream().map(f -> String.valueOf(f.get("error"))).toList();
                    System.err.println("error: the job measured nothing: " + String.join("; ", why.subList(0, Math.min(3, why.size())))
                            + (why.size() > 3 ? "; and " + (why.size() - 3) + " more symbols" : "") + " (fix: give symbols with at least " + StrategySweepJob.MIN_BARS + " bars in the dates; the reasons are also rows of " + out + ")");
                    return;
                }
                measured[0] = true;
                System.out.printf("wrote %d configurations x %d symbols x %d bars in %d tasks to %s (job %s)%n", p.job().configurations(),
                        p.job().symbols().size(), p.job().bars(), p.chunks().size(), out, p.job().jobId());
                System.out.println("import it with: bin/sextant import-job " + out + " --session NAME");
            });
            return rc == 0 && !measured[0] ? 2 : rc;
        }

        /** The spec file's text, UTF-8 (as the desktop's `sextant backtest` reads it); its content is never quoted back (it may be any file). */
        static String readSpec(java.nio.file.Path spec) {
            try {
                if (java.nio.file.Files.size(spec) > 1 << 20) {
                    throw SextantException.invalid("spec", "--spec " + spec + " is larger than 1 MB, not a graph spec", "pass a graph spec file (JSON, docs/research.md)");
                }
                // strictly: read leniently, a Latin-1 byte became U+FFFD and the sweep ran a spec nobody wrote
                return org.sextant.engine.Utf8Text.decode(java.nio.file.Files.readAllBytes(spec), spec, "spec", "--spec " + spec);
            } catch (java.io.IOException e) {
                throw SextantException.invalid("spec", "--spec " + spec + " cannot be read (" + (e instanceof java.nio.file.NoSuchFileException ? "no such file"
                        : e.getClass().getSimpleName()) + ")", "pass a graph spec file (JSON, docs/research.md)");
            }
        }
    }

    @Command(name = "synthetic-universe", mixinStandardHelpOptions = true,
            description = "For benchmarks only: SYNTH-00001... block-bootstrapped from the real daily returns in --in, written as Parquet in the export layout (never into a store).")
    static final class Synthetic implements Callable<Integer> {
        @Option(names = "--in", required = true, description = "real prices from `sextant export-prices` (e.g. of the sample universe)") String in;
        @Option(names = "--out", required = true, description = OUT_HELP) String out;
        @Option(names = "--symbols", defaultValue = "2000", description = "synthetic symbols (default 2000)") int symbols;
        @Option(names = "--years", defaultValue = "20", description = "years of 252 weekdays each (default 20)") int years;
        @Option(names = "--seed", defaultValue = "15", description = "the same seed gives the same universe (default 15)") long seed;
        @Option(names = "--master", defaultValue = "local[*]", description = "local[N] (default local[*]) or 'submit' under spark-submit") String master;

        @Override
        public Integer call() {
            JobFolders.checkInput(in);
            JobFolders.checkOutput(out, in);
            return onSpark(master, "sextant synthetic-universe", null, (spark, tasks) -> {
                JobFolders.checkClusterOutput(spark, out, in);
                SyntheticUniverse.write(spark, SyntheticUniverse.closes(spark, in), symbols, years * 252, seed, out);
                System.out.printf("wrote %d synthetic symbols x %d closes to %s (benchmarks only)%n", symbols, years * 252, out);
            });
        }
    }
}
