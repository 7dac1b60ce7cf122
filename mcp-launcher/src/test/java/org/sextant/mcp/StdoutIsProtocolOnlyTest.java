package org.sextant.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.mcp.envelope.Json;

/**
 * A client reads every stdout line as JSON-RPC: one stray log line breaks it. The launcher's own
 * log must go to stderr, and closing stdin must end the process cleanly.
 */
class StdoutIsProtocolOnlyTest {
    @TempDir
    Path home;

    static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
            + "\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";
    static final String INITIALIZED = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";

    /** The launcher as a client starts it, its stdout lines collected as they come. */
    final class Launcher {
        final Process p;
        final BlockingQueue<String> stdout = new LinkedBlockingQueue<>();
        final Thread reader;
        final CompletableFuture<String> stderr;

        Launcher() throws IOException {
            List<String> cmd = new ArrayList<>(List.of(LauncherProcess.java()));
            cmd.addAll(LauncherProcess.command("--home", home.toString()));
            p = new ProcessBuilder(cmd).start();
            reader = new Thread(() -> readLines(p.getInputStream(), stdout));
            reader.start();
            stderr = CompletableFuture.supplyAsync(() -> readAll(p.getErrorStream()));
        }

        /**
         * Sends the lines, keeps stdin open until {@code answers} lines are out (the client ends the
         * session, not the server), closes it and returns every stdout line once the launcher ended.
         * The poll bounds only guard against a hang on a busy machine; they measure nothing.
         */
        List<String> session(int answers, String... send) throws Exception {
            List<String> lines = new ArrayList<>();
            try (OutputStream in = p.getOutputStream()) {
                in.write((String.join("\n", send) + "\n").getBytes(StandardCharsets.UTF_8));
                in.flush();
                while (lines.size() < answers) {
                    String line = stdout.poll(5, TimeUnit.MINUTES);
                    assertNotNull(line, () -> "no answer after " + lines);
                    lines.add(line);
                }
            }
            assertTrue(p.waitFor(5, TimeUnit.MINUTES), "closing stdin must end the launcher");
            assertEquals(0, p.exitValue());
            reader.join();
            stdout.drainTo(lines);
            return lines;
        }
    }

    @Test
    void everyStdoutLineIsJsonRpcAndTheLogIsOnStderr() throws Exception {
        Launcher launcher = new Launcher();
        List<String> lines = launcher.session(3, INITIALIZE, INITIALIZED,
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"list_symbols\",\"arguments\":{}}}");
        CompletableFuture<String> stderr = launcher.stderr;
        assertEquals(3, lines.size(), () -> "stdout: " + lines);
        for (String line : lines) {
            Map<String, Object> message = Json.readObject(line);
            assertEquals("2.0", message.get("jsonrpc"), line);
        }
        assertTrue(lines.stream().anyMatch(l -> l.contains("app_not_running")), lines::toString);
        assertTrue(stderr.get().contains("serving stdio"), "the launcher log belongs on stderr: " + stderr.get());
    }

    /**
     * The SDK's stdio transport stopped reading for good at the first line it could not read: no
     * answer to it, none to anything after, and closing stdin no longer ended the launcher.
     */
    @Test
    @SuppressWarnings("unchecked")
    void anUnreadableLineIsAnsweredWithAJsonRpcErrorAndTheSessionGoesOn() throws Exception {
        Launcher launcher = new Launcher();
        List<String> lines = launcher.session(8, INITIALIZE, INITIALIZED,
                "garbage{",
                "{}",
                "",
                "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"health_ch",
                "[{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\"}]",
                "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":[\"ping\"]}",
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"health_check\",\"arguments\":{}}}",
                "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"no_such_tool\",\"arguments\":{}}}");
        assertEquals(8, lines.size(), () -> "one answer per message, none for the blank line: " + lines);
        List<Map<String, Object>> messages = lines.stream().map(Json::readObject).toList();
        List<List<Object>> errors = messages.stream().filter(m -> m.get("error") != null)
                .map(m -> List.of(String.valueOf(m.get("id")), ((Map<String, Object>) m.get("error")).get("code"))).toList();
        assertEquals(List.of(List.of("null", -32700), List.of("null", -32600), List.of("null", -32700),
                List.of("null", -32600), List.of("6", -32600)), errors, lines::toString);
        for (Map<String, Object> m : messages) {
            String text = Json.write(m);
            assertFalse(text.contains("Exception") || text.contains("garbage") || text.contains("jackson"), text);
        }
        Map<String, Object> health = result(messages, 2);
        assertEquals("app_not_running", health.get("fail_reason"), "the session goes on after bad lines: " + health);
        Map<String, Object> unknown = result(messages, 3);
        assertEquals("unknown_tool", unknown.get("fail_reason"), unknown::toString);
        assertTrue(((String) unknown.get("error")).contains("'no_such_tool'"), unknown::toString);
        assertTrue(((String) unknown.get("client_hint")).contains("show_all_tools"), unknown::toString);
    }

    /**
     * A tools/call naming an argument twice was answered for the last one (the launcher reads the
     * frame, the app never saw the repeat): now refused as invalid input, before any app is asked.
     */
    @Test
    void anArgumentGivenTwiceIsRefusedAndAMemberGivenTwiceIsAParseError() throws Exception {
        List<String> lines = new Launcher().session(3, INITIALIZE, INITIALIZED,
                "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"list_symbols\",\"arguments\":{\"query\":\"AA\",\"query\":\"BA\"}}}",
                "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"id\":4,\"params\":{\"name\":\"list_symbols\",\"arguments\":{}}}");
        List<Map<String, Object>> messages = lines.stream().map(Json::readObject).toList();
        Map<String, Object> twice = result(messages, 2);
        assertEquals("invalid_input", twice.get("fail_reason"), twice::toString);
        assertEquals("argument 'query' is given twice: which one counts would be a guess", twice.get("error"));
        Map<String, Object> envelope = messages.stream().filter(m -> m.get("error") != null).findFirst().orElseThrow();
        assertEquals(-32700, ((Map<?, ?>) envelope.get("error")).get("code"), envelope::toString);
        assertNull(envelope.get("id"), envelope::toString);
    }

    /**
     * Attack pass: list_jobs with limit 1e400 was refused as "got a string" (read as a double, written on as
     * "Infinity"), an id of 1e308 as "id: a string or number". Each is now told what is wrong and the fix.
     */
    @Test
    void aNumberNoDoubleHoldsIsToldSoAsAnArgumentAndAsAnId() throws Exception {
        String call = "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"tools/call\",\"params\":{\"name\":\"list_jobs\",\"arguments\":{\"limit\":%s}}}";
        List<String> lines = new Launcher().session(7, INITIALIZE, INITIALIZED, String.format(call, 2, "1e400"), String.format(call, 3, "1e-400"),
                String.format(call, 4, "\"5\""), String.format(call, 5, "1.0"),
                "{\"jsonrpc\":\"2.0\",\"id\":1e308,\"method\":\"ping\"}", "{\"jsonrpc\":\"2.0\",\"id\":9223372036854775808,\"method\":\"ping\"}");
        List<Map<String, Object>> messages = lines.stream().map(Json::readObject).toList();
        String fix = "pass limit as an integer in 1..500: ";
        Map<String, Object> large = result(messages, 2);
        assertEquals("argument 'limit': 1e400 is a number too large (a double holds at most 1.8e308 in size)", large.get("error"), large::toString);
        assertTrue(((String) large.get("client_hint")).startsWith(fix), large::toString);
        Map<String, Object> small = result(messages, 3);
        assertEquals("argument 'limit': 1e-400 is a number too small (a double holds none between 0 and 4.9e-324 in size: it would read as 0)",
                small.get("error"), small::toString);
        assertEquals("argument 'limit': expected an integer in 1..500, got the string \"5\" (a number is sent without quotes)", result(messages, 4).get("error"));
        assertEquals("app_not_running", result(messages, 5).get("fail_reason"), "1.0 is a limit of 1: checked, then the app is asked");
        List<String> ids = messages.stream().filter(m -> m.get("error") != null).map(m -> (String) ((Map<?, ?>) m.get("error")).get("message")).toList();
        String rule = ": a number id must be a whole number that fits 64 bits (-9223372036854775808 to 9223372036854775807),"
                + " written without a fraction or exponent; or send the id as a string";
        assertEquals(List.of("Invalid Request: id 1e308" + rule, "Invalid Request: id 9223372036854775808" + rule), ids, lines::toString);
    }

    /**
     * Attack 37, cases 14 and 15: half of a UTF-16 surrogate pair alone in a tool name or an argument name came back as "?"
     * (UTF-8 cannot carry it); each is shown as its escape, and a value holding one is refused before the app is asked.
     */
    @Test
    void aLoneHalfOfASurrogatePairIsShownAsItsEscapeOverStdio() throws Exception {
        String call = "{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"tools/call\",\"params\":{\"name\":\"%s\",\"arguments\":%s}}";
        List<String> lines = new Launcher().session(5, INITIALIZE, INITIALIZED,
                String.format(call, 14, "health_check", "{\"x\\ud800\":\"\\udfff\"}"),
                String.format(call, 15, "no\\u2028such\\ud800", "{}"),
                String.format(call, 16, "list_symbols", "{\"query\":\"\\udfff\"}"),
                "{\"jsonrpc\":\"2.0\",\"id\":17,\"method\":\"prompts/get\",\"params\":{\"name\":\"no\\ud800\"}}");
        for (String line : lines) assertFalse(!line.contains("\"id\":1,") && line.contains("?"), line); // the initialize answer aside
        List<Map<String, Object>> messages = lines.stream().map(Json::readObject).toList();
        String half = ", half of a UTF-16 surrogate pair without its other half, which UTF-8 cannot carry as sent";
        assertEquals("the name 'x\\ud800' in the arguments holds the escape \\ud800 at character 2" + half, result(messages, 14).get("error"));
        assertEquals("no tool named 'no\\u2028such\\ud800'", result(messages, 15).get("error"));
        assertEquals("invalid_input", result(messages, 16).get("fail_reason"), "refused, not sent to the app (none runs: app_not_running)");
        Map<?, ?> prompt = (Map<?, ?>) messages.stream().filter(m -> Integer.valueOf(17).equals(m.get("id"))).findFirst().orElseThrow().get("error");
        assertEquals("Invalid params: params.name holds the escape \\ud800 at character 3 of its value 'no\\ud800'" + half
                + "; send whole characters (a pair such as \\ud83d\\ude00 is one character)", prompt.get("message"));
    }

    /** The envelope answering request {@code id}. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> result(List<Map<String, Object>> messages, int id) {
        Map<String, Object> answer = messages.stream().filter(m -> Integer.valueOf(id).equals(m.get("id")) && m.get("result") != null)
                .findFirst().orElseThrow(() -> new AssertionError("no result for " + id + ": " + messages));
        return (Map<String, Object>) ((Map<String, Object>) answer.get("result")).get("structuredContent");
    }

    private static void readLines(InputStream s, BlockingQueue<String> into) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(s, StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (!line.isEmpty()) into.add(line);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String readAll(InputStream s) {
        try {
            return new String(s.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
