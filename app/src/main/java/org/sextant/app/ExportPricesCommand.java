package org.sextant.app;

import java.nio.file.Path;
import org.sextant.engine.Sextant;
import org.sextant.engine.exchange.PriceParquetExport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** `sextant export-prices DIR`: the store's prices as Parquet partitioned by symbol, the scale-out jobs' input. */
@Command(name = "export-prices", mixinStandardHelpOptions = true,
        description = {"Write the store's prices as Parquet for the Spark jobs.",
                "Every price, partitioned by symbol (DIR/symbol=XYZ/*.parquet): the input of the scale-out jobs (docs/scale-out.md). "
                        + "DIR must be new or empty. The app must be closed."})
final class ExportPricesCommand extends HomeCommand {
    @Parameters(paramLabel = "DIR", description = "a new or empty folder") Path dir;

    @Override
    public Integer call() {
        try (Sextant engine = Sextant.open(closedHome("export-prices"))) {
            PriceParquetExport.Written w = engine.scaleOut().exportPricesParquet(dir);
            System.out.printf("exported %d rows of %d symbols to %s%n", w.rows(), w.symbols(), w.folder());
        }
        return 0;
    }
}
