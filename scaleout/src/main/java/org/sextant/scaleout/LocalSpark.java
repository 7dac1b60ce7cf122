package org.sextant.scaleout;

import org.apache.spark.sql.SparkSession;

/** The Spark session of a job: the given master (local[N] on the desktop), or spark-submit's when null. */
public final class LocalSpark {
    private LocalSpark() {}

    public static SparkSession session(String master, String appName) {
        SparkSession.Builder b = SparkSession.builder().appName(appName)
                // symbol=0700 stays the text it was written as
                .config("spark.sql.sources.partitionColumnTypeInference.enabled", "false")
                .config("spark.sql.session.timeZone", "UTC");
        if (master != null) {
            b.master(master).config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "8")
                    .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1");
        }
        return b.getOrCreate();
    }
}
