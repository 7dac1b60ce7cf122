package org.sextant.app;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.sextant.engine.Sextant;
import org.sextant.engine.SextantException;
import org.sextant.engine.exchange.PriceParquetExport;
import org.sextant.engine.home.HomePaths;
import org.sextant.engine.home.SextantHome;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** `sextant export-prices DIR`: the store's prices as Parquet partitioned by symbol, the scale-out jobs' input. */
@Command(name = "export-prices", mixinStandardHelpOptions = true,
        description = {"Write the store's prices as Parquet for the Spark jobs.",
                "Every price, partitioned by symbol (DIR/symbol=XYZ/*.parquet): the input of the scale-out jobs (docs/scale-out.md). "
                        + "DIR must be new or empty, and none of the app's own folders. The app must be closed."})
final class ExportPricesCommand extends HomeCommand {
    @Parameters(paramLabel = "DIR", description = "a new or empty folder") Path dir;

    @Override
    public Integer call() {
        SextantHome home = closedHome("export-prices");
        requireOwnFolder(home, dir.toAbsolutePath().normalize());
        try (Sextant engine = Sextant.open(home)) {
            PriceParquetExport.Written w = engine.scaleOut().exportPricesParquet(dir);
            System.out.printf("exported %d rows of %d symbols to %s%n", w.rows(), w.symbols(), w.folder());
        } catch (SextantException e) {
            // the engine's "target" is the DIR the person typed: named so, and bad input (exit 2)
            if (!"target".equals(e.field())) throw e;
            throw new SextantException(e.reason(), "DIR " + e.getMessage(), "DIR", e.fix());
        }
        return 0;
    }

    /** The export is no file of the app's: refused in a folder the app writes or a report or backup would be refused in. */
    private static void requireOwnFolder(SextantHome home, Path dir) {
        try {
            Path realHome = home.root().toRealPath();
            Path real = HomePaths.realPath(dir, HomePaths.existingPart(dir)); // by its real path: a link cannot lead into data/
            if (HomePaths.ownedFolder(realHome, real, SextantHome.NO_REQUESTED_FILES) != null) {
                Path inHome = realHome.relativize(real);
                throw SextantException.invalid("DIR", "DIR " + dir + (inHome.getNameCount() == 1 ? " is" : " is inside") + " SEXTANT_HOME/"
                        + inHome.getName(0) + ", a folder the app owns", "name a new folder of your own, outside SEXTANT_HOME/" + inHome.getName(0));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
