package org.sextant.scaleout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.sextant.engine.Sextant;
import org.sextant.engine.home.SextantHome;

/**
 * One Spark local[2] session and one sample store for every test class of the module: Spark's
 * start-up and the sample import are paid once per test JVM, not once per class. Stopped
 * (and the folder removed) when the whole test run ends.
 */
public final class SharedSpark implements BeforeAllCallback {
    /** A symbol with a single close: too short for any walk-forward, must come back as an error row. */
    public static final String TINY = "TINY";

    /** The session, the sample store (38 symbols) and its prices exported as Parquet with {@link #TINY} added. */
    public record Fixture(SparkSession spark, Sextant engine, Path dir, Path prices, long startNanos) implements ExtensionContext.Store.CloseableResource {
        @Override
        public void close() throws IOException {
            // what the module's Spark tests cost the build (CI budget): wall and this JVM's CPU since the fixture started
            var os = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
            System.err.printf(java.util.Locale.ROOT, "scale-out Spark tests: %.1f s wall, %.1f s CPU in this JVM, load average %.1f%n",
                    (System.nanoTime() - startNanos) / 1e9, os.getProcessCpuTime() / 1e9, os.getSystemLoadAverage());
            spark.stop();
            engine.close();
            try (var paths = Files.walk(dir)) {
                for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
            }
        }
    }

    private static Fixture fixture;

    @Override
    public void beforeAll(ExtensionContext context) {
        fixture = context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL)
                .getOrComputeIfAbsent(Fixture.class, k -> start(), Fixture.class);
    }

    public static Fixture fixture() {
        if (fixture == null) throw new IllegalStateException("annotate the test class with @ExtendWith(SharedSpark.class)");
        return fixture;
    }

    private static Fixture start() {
        long start = System.nanoTime();
        try {
            Path dir = Files.createTempDirectory("sextant-spark-test");
            Sextant engine = Sextant.open(new SextantHome(dir.resolve("home")));
            Path prices = dir.resolve("prices");
            engine.scaleOut().exportPricesParquet(prices);
            SparkSession spark = LocalSpark.session("local[2]", "sextant-test");
            spark.conf().set("spark.sql.shuffle.partitions", "2"); // the tests' few symbols: one shuffle task per core
            spark.read().parquet(prices.resolve("symbol=AA").toString()).limit(1)
                    .write().mode(SaveMode.Overwrite).parquet(prices.resolve("symbol=" + TINY).toString());
            return new Fixture(spark, engine, dir, prices, start);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
