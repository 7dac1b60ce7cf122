package org.sextant.engine.forecast;

import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import org.sextant.engine.data.CloseBatches;
import org.sextant.engine.data.PriceSeries;
import org.sextant.engine.jobs.Cancellation;

/**
 * The closes a scan ranks, symbol by symbol in its order, read a batch at a time ({@link CloseBatches}) as the scan
 * reaches them, and where the scan stops reading: its caller went away or its job was cancelled (a
 * CancellationException, as at a fit's checkpoint), or its time to read is up (before its request's budget ends: the
 * scan then answers with what it has and lists the symbols it did not read as not computed). Before, a scan read every
 * symbol's closes, one query each, and looked at neither between them: 13 min for 5,000 symbols (attack 14 H1).
 * Not thread-safe: one scan's.
 */
final class ScanCloses {
    /** Reads one batch of closes, stopping when {@code stop} turns true (tests: a reader they count or hold). */
    @FunctionalInterface
    interface Reader {
        CloseBatches.Batch read(List<String> symbols, BooleanSupplier stop);
    }

    private final List<List<String>> batches;
    private final Reader reader;
    private final BooleanSupplier timeUp;
    /** The scan's caller or job, as another thread (a statement's poller) can ask it; null: nobody can go away. */
    private final BooleanSupplier gone = Cancellation.request();
    private final int total;
    private int nextBatch;
    private CloseBatches.Batch current;
    private List<String> currentSymbols = List.of();
    private int read;

    /** {@code batches}: the scan's symbols in its order, cut by {@link CloseBatches#plan}; {@code timeUp}: whether it must answer now. */
    ScanCloses(List<List<String>> batches, Reader reader, BooleanSupplier timeUp) {
        this.batches = batches;
        this.reader = reader;
        this.timeUp = timeUp;
        this.total = batches.stream().mapToInt(List::size).sum();
    }

    /**
     * The closes of {@code symbol}, the scan's next, or null when its time is up (nothing more is read); a symbol with no
     * rows is read {@code alone}, whose refusal names it as before. Throws CancellationException when the caller went away.
     */
    PriceSeries next(String symbol, Function<String, PriceSeries> alone) {
        if (Cancellation.stopRequested()) throw new CancellationException("the scan's caller went away");
        if (timeUp.getAsBoolean()) return null;
        if (!currentSymbols.contains(symbol)) {
            if (nextBatch >= batches.size() || !batches.get(nextBatch).contains(symbol)) {
                throw new IllegalStateException(symbol + " is not the next symbol of the scan's batches");
            }
            current = null; // let the last batch go before the next is read
            currentSymbols = batches.get(nextBatch++);
            try {
                current = reader.read(currentSymbols, () -> timeUp.getAsBoolean() || gone != null && gone.getAsBoolean());
            } catch (CancellationException e) {
                if (Cancellation.stopRequested()) throw e;
                currentSymbols = List.of();
                return null; // the time ran out during the read
            } catch (RuntimeException failed) {
                current = s -> null; // each of the batch read alone, whose failure names its symbol as before
            }
        }
        read++;
        PriceSeries s = current.take(symbol);
        return s != null ? s : alone.apply(symbol);
    }

    /**
     * The note on the symbols this scan did not read ({@code unread}, the rest of its order), or null when it read them all:
     * how many it read, and how to rank the rest.
     */
    String note(int unread) {
        if (unread == 0) return null;
        return unread + " symbol(s) were not read in this call: its budget ran out after reading the closes of " + read + " of " + total
                + " (listed under not_computed, in the scan's order); to rank them, name them in symbols (at most "
                + ForecastScan.Request.MAX_SYMBOLS + " a call), or start_scan ranks every symbol as a job and stores the forecasts";
    }
}
