package org.sextant.scaleout;

import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.spark.sql.SparkSession;
import org.sextant.engine.SextantException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * `sextant-spark`: the universe jobs. Local mode on the desktop by default (--master local[*]);
 * under spark-submit pass --master submit to use the cluster's session (docs/scale-out.md).
 */
@Command(name = "sextant-spark", mixinStandardHelpOptions = true, subcommands = SparkMain.ForecastBacktest.class,
        description = "Sextant's universe jobs on Apache Spark (docs/scale-out.md)")
public final class SparkMain {
    public static void main(String[] args) {
        CommandLine cl = new CommandLine(new SparkMain());
        cl.setExecutionExceptionHandler((e, cmd, parsed) -> {
            if (!(e instanceof SextantException s)) throw e;
            cmd.getErr().println("error: " + s.getMessage() + (s.fix() == null ? "" : " (fix: " + s.fix() + ")"));
            return 2;
        });
        int rc = cl.execute(args);
        if (rc != 0) System.exit(rc);
    }

    @Command(name = "forecast-backtest", mixinStandardHelpOptions = true,
            description = "Walk-forward forecast backtests per symbol; one Parquet row per symbol (errors as rows). Import with `sextant import-job OUT`.")
    static final class ForecastBacktest implements Callable<Integer> {
        @Option(names = "--in", required = true, description = "prices from `sextant export-prices` (any Hadoop path)") String in;
        @Option(names = "--out", description = "output folder (any Hadoop path); replaced by each run") String out;
        @Option(names = "--model", description = "naive, drift, theta, ets, arima, ... (default theta)") String model;
        @Option(names = "--horizon", description = "business days ahead (default 20)") Integer horizon;
        @Option(names = "--every", description = "origins: monthly (default), weekly or N closes") String every;
        @Option(names = "--symbols", split = ",", description = "default: every symbol in --in") List<String> symbols;
        @Option(names = "--from", description = "first date (default: each symbol's first)") LocalDate from;
        @Option(names = "--to", description = "last date (default: each symbol's last)") LocalDate to;
        @Option(names = "--oos-start", description = "first out-of-sample origin date (default: the last 40% of each history)") LocalDate oosStart;
        @Option(names = "--partitions", description = "tasks (default: 4 per core)") Integer partitions;
        @Option(names = "--master", defaultValue = "local[*]", description = "local[N] (default local[*]) or 'submit' under spark-submit") String master;
        @Option(names = "--dry-run", description = "print the fits, estimated core-hours and partition plan; compute nothing") boolean dryRun;

        @Override
        public Integer call() {
            BacktestArguments a = new BacktestArguments(model, horizon, every, symbols, from, to, oosStart);
            if (!dryRun && out == null) throw SextantException.invalid("out", "no output folder", "pass --out DIR");
            SparkSession spark = LocalSpark.session(master.equals("submit") ? null : master, "sextant forecast-backtest");
            try {
                int tasks = partitions != null ? partitions : 4 * spark.sparkContext().defaultParallelism();
                if (dryRun) {
                    DryRun.print(DryRun.estimate(spark, in, a, tasks), System.out);
                } else {
                    ForecastBacktestJob.run(spark, in, out, a, tasks);
                    System.out.println("wrote " + out + "; import it with: bin/sextant import-job " + out);
                }
                return 0;
            } finally {
                spark.stop();
            }
        }
    }
}
