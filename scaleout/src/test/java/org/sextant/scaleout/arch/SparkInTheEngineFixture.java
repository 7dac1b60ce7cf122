package org.sextant.scaleout.arch;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/** Fixture: what the rule must refuse, an engine kernel taking a Spark type. */
final class SparkInTheEngineFixture {
    long count(Dataset<Row> prices) {
        return prices.count();
    }
}
