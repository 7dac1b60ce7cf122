package org.sextant.engine.jobs;

import java.util.ArrayList;
import java.util.List;
import org.sextant.engine.SextantException;
import org.sextant.engine.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * What a job's record (jobs/&lt;id&gt;.json) holds of it, always within the {@link org.sextant.engine.home.HomeFileBounds#JOB_RECORD}
 * a start reads back: a whole-store scan of 20,000 symbols wrote 3.5 MB, and the next start dropped it (attack 17, M2).
 * Its subjects are cut to {@link #SUBJECTS} with a count of the rest, and its result's lists cut until it fits
 * {@link #RESULT_BYTES}, each cut named in {@code truncated_lists}. With texts bounded as refusals are (4000 characters),
 * the worst record is under 800 KB.
 */
final class JobRecordBounds {
    /** Subjects a record lists; the rest are counted in one last entry. */
    static final int SUBJECTS = 100;
    /** Characters of one listed subject (an import's path). */
    static final int SUBJECT_CHARS = 256;
    /** Bytes of JSON a record keeps of a job's result. */
    static final int RESULT_BYTES = 512 << 10;
    /** Entries each list of a result keeps, tried in turn until the result fits. */
    private static final int[] LIST_CAPS = {1000, 100, 10};

    /** The last entry of subjects cut to {@link #SUBJECTS}. */
    private static final java.util.regex.Pattern CUT = java.util.regex.Pattern.compile("\u2026 and [0-9]+ more");

    private JobRecordBounds() {}

    /** The JSON text of {@code s}'s record. */
    static String record(JobStatus s) {
        // subjects cut before the tree is built: 5,000 long paths made a 30 MB tree at every progress write
        ObjectNode tree = Json.MAPPER.valueToTree(s.held().withResult(s.result()));
        JsonNode result = tree.get("result");
        if (result != null && !result.isNull()) tree.set("result", result(result));
        return Json.MAPPER.writeValueAsString(tree);
    }

    /**
     * The first {@link #SUBJECTS} subjects, then "… and N more" when there are more; subjects already cut so (a record read
     * back, rewritten INTERRUPTED) stay as they are, not "… and 1 more".
     */
    static List<String> subjects(List<String> all) {
        if (all.size() == SUBJECTS + 1 && CUT.matcher(all.get(SUBJECTS)).matches()) return all;
        List<String> out = new ArrayList<>();
        for (String s : all.subList(0, Math.min(all.size(), SUBJECTS))) out.add(SextantException.bounded(s, SUBJECT_CHARS));
        if (all.size() > SUBJECTS) out.add("\u2026 and " + (all.size() - SUBJECTS) + " more");
        return List.copyOf(out);
    }

    /** {@code result} with its lists cut until it fits {@link #RESULT_BYTES}, or a note of its size when no cut makes it fit. */
    static JsonNode result(JsonNode result) {
        for (int cap : LIST_CAPS) {
            ArrayNode cuts = JsonNodeFactory.instance.arrayNode();
            JsonNode kept = cut(result, cap, "", cuts);
            if (!cuts.isEmpty()) kept = kept.isObject() ? ((ObjectNode) kept).set("truncated_lists", cuts)
                    : JsonNodeFactory.instance.objectNode().<ObjectNode>set("value", kept).set("truncated_lists", cuts);
            if (bytes(kept) <= RESULT_BYTES) return kept;
        }
        return JsonNodeFactory.instance.objectNode().put("left_out", "the result was " + bytes(result)
                + " bytes of JSON, more than the " + RESULT_BYTES + " a job's record keeps of it");
    }

    private static JsonNode cut(JsonNode n, int cap, String path, ArrayNode cuts) {
        if (n.isArray()) {
            ArrayNode out = JsonNodeFactory.instance.arrayNode();
            for (int i = 0; i < Math.min(cap, n.size()); i++) out.add(cut(n.get(i), cap, path + "[" + i + "]", cuts));
            if (n.size() > cap) cuts.addObject().put("list", path).put("total", n.size()).put("kept", cap);
            return out;
        }
        if (n.isObject()) {
            ObjectNode out = JsonNodeFactory.instance.objectNode();
            for (var field : n.properties()) out.set(field.getKey(), cut(field.getValue(), cap, path.isEmpty() ? field.getKey() : path + "." + field.getKey(), cuts));
            return out;
        }
        return n;
    }

    private static long bytes(JsonNode n) {
        return Json.MAPPER.writeValueAsBytes(n).length;
    }
}
