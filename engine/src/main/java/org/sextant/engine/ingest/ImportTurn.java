package org.sextant.engine.ingest;

import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import org.sextant.engine.jobs.Cancellation;
import org.sextant.engine.store.Store;

/**
 * How an import takes its turn at the store's one writer, and who hears, before it commits, which symbols it writes.
 *
 * @param writerWait   the longest it waits for the writer (null: as long as it takes); a cancel or a caller gone stops the wait either way
 * @param fix          what a refusal past {@code writerWait} tells the caller to do
 * @param beforeCommit told the symbols the import found, once its files are read and checked, just before the commit;
 *                     it may refuse (throw), and then nothing is written
 */
public record ImportTurn(Duration writerWait, String fix, Consumer<List<String>> beforeCommit) {
    /** Waits as long as it takes (until stopped), tells nobody. */
    public static final ImportTurn WAITING = new ImportTurn(null, null, symbols -> {});

    /** An import waiting at most {@code writerWait}, refused past it with {@code fix}. */
    public static ImportTurn within(Duration writerWait, String fix) {
        return new ImportTurn(writerWait, fix, symbols -> {});
    }

    /** As above, telling {@code beforeCommit} the symbols it writes. */
    public static ImportTurn telling(Consumer<List<String>> beforeCommit) {
        return new ImportTurn(null, null, beforeCommit);
    }

    Store.WriterWait writer() {
        return new Store.WriterWait(writerWait, "import_prices", fix, Cancellation::stopRequested);
    }
}
