package org.sextant.mcp.server;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.sextant.contract.JsonLimits;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.JsonNode;

/**
 * The stdio client's requests handed to the SDK and not yet answered, by id. Once the SDK reads the end of stdin it writes no
 * more answers, so the end is held back from it until these are answered (attack 37, F1: of 32 requests piped in and
 * stdin closed, 0 to 2 were answered). A request left unanswered when answers stop coming is given up: the launcher answers
 * it with an error itself, and the SDK's late answer to it is not written a second time.
 */
public final class UnansweredRequests {
    /** The id's key, its id and how many requests under it wait (a client may reuse an id of a ping). */
    private final Map<String, Waiting> waiting = new LinkedHashMap<>();
    private final Set<String> givenUp = new HashSet<>();
    private long lastAnswerAt = System.nanoTime();

    private static final class Waiting {
        final JsonNode id;
        int count;

        Waiting(JsonNode id) {
            this.id = id;
        }
    }

    /** A request under {@code id} was handed to the SDK. */
    public synchronized void read(JsonNode id) {
        waiting.computeIfAbsent(key(id), k -> new Waiting(id)).count++;
    }

    /** The tools/call under {@code id} was cancelled by the client: MCP sends no answer to it. */
    public synchronized void stopped(JsonNode id) {
        forget(key(id));
    }

    /** Whether the answer to {@code key} ({@link #answerKey}) comes after the request was given up: answered already. */
    synchronized boolean givenUp(String key) {
        return givenUp.contains(key);
    }

    /** The answer to {@code key} ({@link #answerKey}) is out: a request under it no longer waits. */
    synchronized void answered(String key) {
        forget(key);
    }

    /**
     * Waits until every request is answered, or until none has been answered for {@code quiet}; then the ids of the
     * requests still unanswered, given up (their late answers are dropped), an id once for each request under it.
     */
    public synchronized List<JsonNode> awaitAnswers(Duration quiet) throws InterruptedException {
        lastAnswerAt = Math.max(lastAnswerAt, System.nanoTime());
        while (!waiting.isEmpty()) {
            long left = quiet.toNanos() - (System.nanoTime() - lastAnswerAt);
            if (left <= 0) break;
            wait(Math.max(1, left / 1_000_000));
        }
        List<JsonNode> left = new ArrayList<>();
        waiting.forEach((key, w) -> {
            for (int i = 0; i < w.count; i++) left.add(w.id);
            givenUp.add(key);
        });
        waiting.clear();
        return left;
    }

    private void forget(String key) {
        Waiting w = waiting.get(key);
        if (w == null) return;
        if (--w.count == 0) waiting.remove(key);
        lastAnswerAt = System.nanoTime();
        notifyAll();
    }

    /** An id as a key: 1 and "1" differ, -0 and 0 do not (the SDK answers both as 0). */
    static String key(JsonNode id) {
        return id.isString() ? "s" + id.asString() : "n" + id.bigIntegerValue();
    }

    /**
     * The key of the id a response answers, or null for a request or notification of the server. Only the members before
     * its result are read: the SDK writes the id first.
     */
    static String answerKey(byte[] line, int length) {
        String id = null;
        boolean response = false;
        try (JsonParser p = JsonLimits.bounded().createParser(line, 0, length)) {
            if (p.nextToken() != JsonToken.START_OBJECT) return null;
            while ((id == null || !response) && p.nextToken() == JsonToken.PROPERTY_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                switch (name) {
                    case "method" -> {
                        return null;
                    }
                    case "result", "error" -> response = true;
                    case "id" -> id = value == JsonToken.VALUE_STRING ? "s" + p.getString()
                            : value == JsonToken.VALUE_NUMBER_INT ? "n" + p.getBigIntegerValue() : null;
                    default -> { }
                }
                if (id == null || !response) p.skipChildren();
            }
        } catch (JacksonException unread) {
            return null; // not a message this waits for
        }
        return response ? id : null;
    }
}
