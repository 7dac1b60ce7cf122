package org.sextant.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sextant.mcp.envelope.Json;

/**
 * Attack 37, F1: requests piped in with stdin closed right after them ({@code printf … | sextant-mcp}) were 0 to 2 of 32
 * answered, since the SDK writes no answer once it has read the end of stdin. Each request read before the end is answered
 * before the launcher stops.
 */
class RequestsBeforeStdinEndsTest {
    @TempDir
    Path home;

    @Test
    void everyRequestPipedInBeforeStdinEndsIsAnsweredUnderItsIdBeforeTheLauncherStops() throws Exception {
        List<String> send = new ArrayList<>(List.of(StdoutIsProtocolOnlyTest.INITIALIZE, StdoutIsProtocolOnlyTest.INITIALIZED));
        Set<Object> asked = new LinkedHashSet<>(List.of(1));
        for (int id = 2; id <= 31; id++) {
            send.add("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"health_check\",\"arguments\":{}}}");
            asked.add(id);
        }
        send.add("{\"jsonrpc\":\"2.0\",\"id\":\"\\ud83d\\ude00\",\"method\":\"ping\"}"); // an escaped pair is one character: its id comes back
        asked.add("\ud83d\ude00");
        send.add("{\"jsonrpc\":\"2.0\",\"id\":99,\"method\":\"ping\"}");
        asked.add(99);
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();

        StdioServer.serve(new LauncherHome(home), Duration.ofSeconds(45), false,
                new ByteArrayInputStream((String.join("\n", send) + "\n").getBytes(StandardCharsets.UTF_8)), stdout);

        List<Map<String, Object>> answers = stdout.toString(StandardCharsets.UTF_8).lines().map(Json::readObject).toList();
        assertEquals(asked, new LinkedHashSet<>(answers.stream().map(m -> m.get("id")).toList()), "answered by the time the launcher stopped");
        assertEquals(asked.size(), answers.size(), "each request answered once");
        for (int id = 2; id <= 31; id++) {
            assertEquals("app_not_running", StdoutIsProtocolOnlyTest.result(answers, id).get("fail_reason"), "no app runs on this home");
        }
    }
}
