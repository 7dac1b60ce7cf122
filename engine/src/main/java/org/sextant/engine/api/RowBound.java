package org.sextant.engine.api;

import java.util.List;
import java.util.Map;
import org.sextant.contract.Bounds;
import org.sextant.engine.SextantException;

/**
 * get_close_price's row bound ({@link Bounds#MAX_PRICE_ROWS}, or the caller's {@code limit}): an
 * answer holds whole trading days, and one that stops early says {@code truncated: true} and the
 * {@code next_start} that reads on, so no bar is answered twice or skipped.
 */
final class RowBound {
    private RowBound() {}

    /**
     * The answer cut to at most {@code limit} rows at a trading day's edge; its rows may hold one more than
     * {@code limit} (read to know there are more). Refused, naming {@code limit}, when one day alone holds more.
     * {@code intervalNote} (null when the caller chose the interval) says why {@code interval} was read: the
     * answer carries it as {@code interval_note}, and so does a refusal, in its words and its details.
     */
    static Map<String, Object> cut(Map<String, Object> answer, int limit, String interval, String intervalNote) {
        List<?> rows = (List<?>) answer.get("rows");
        answer.put("truncated", false);
        answer.put("next_start", null);
        if (rows.size() <= limit) return noted(answer, intervalNote);
        Object next = date(rows.get(limit));
        int keep = limit;
        while (keep > 0 && next.equals(date(rows.get(keep - 1)))) keep--; // the day the bound falls in is answered whole, next time
        if (keep == 0) {
            // "more than 3 bars at 30m" when no interval was asked: the refusal says why 30m, as the answer would
            SextantException tooSmall = SextantException.invalid("limit", "the trading day " + next + " alone holds more than " + limit
                    + " bars at " + interval + (intervalNote == null ? "" : " (" + intervalNote + ")"),
                    "raise limit (at most " + Bounds.MAX_PRICE_ROWS + ") or ask a coarser interval");
            throw intervalNote == null ? tooSmall : tooSmall.withDetail("interval_note", intervalNote);
        }
        List<?> kept = List.copyOf(rows.subList(0, keep));
        answer.put("rows", kept);
        answer.put("count", keep);
        answer.put("to", date(kept.get(keep - 1)));
        answer.put("truncated", true);
        answer.put("next_start", String.valueOf(next));
        answer.merge("note", "the first " + keep + " rows (at most " + limit + " an answer, whole trading days): ask again with start " + next
                + " for the rest", (before, bound) -> before + "; " + bound);
        return noted(answer, intervalNote);
    }

    private static Map<String, Object> noted(Map<String, Object> answer, String intervalNote) {
        if (intervalNote != null) answer.put("interval_note", intervalNote);
        return answer;
    }

    private static Object date(Object row) {
        return ((Map<?, ?>) row).get("date");
    }
}
