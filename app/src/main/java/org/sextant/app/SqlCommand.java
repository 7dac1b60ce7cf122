package org.sextant.app;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.JsonNode;

@Command(name = "sql", mixinStandardHelpOptions = true,
        description = "Run one read-only SELECT against the store and print the rows as CSV.")
final class SqlCommand implements Callable<Integer> {
    @ParentCommand Main main;

    @Parameters(index = "0", paramLabel = "SELECT", description = "one SELECT or WITH ... SELECT statement")
    String sql;

    @Option(names = "--limit", description = "rows at most (1..5000, default 5000)")
    Integer limit;

    @Override
    public Integer call() {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("sql", sql);
        if (limit != null) args.put("limit", limit);
        JsonNode r = EngineAccess.call(main.home(), "run_select", args);
        StringBuilder sb = new StringBuilder(String.join(",", r.path("columns").valueStream().map(JsonNode::asString).toList())).append('\n');
        for (JsonNode row : r.path("rows")) {
            sb.append(String.join(",", row.valueStream().map(v -> v.isNull() ? "" : csv(v.asString())).toList())).append('\n');
        }
        System.out.print(sb);
        if (r.path("truncated").asBoolean()) System.err.println("(truncated at " + r.path("limit").asInt() + " rows)");
        return 0;
    }

    private static String csv(String v) {
        return v.contains(",") || v.contains("\"") || v.contains("\n") ? '"' + v.replace("\"", "\"\"") + '"' : v;
    }
}
