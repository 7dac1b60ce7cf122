package org.sextant.app;

import java.util.ArrayList;
import java.util.List;
import org.sextant.engine.exchange.CsvWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.JsonNode;

@Command(name = "sql", mixinStandardHelpOptions = true,
        description = "Run one read-only SELECT against the store and print the rows as CSV.")
// duplicates: picocli declarations (command, arguments, options) are alike by nature; the work is shared in HomeCommand
final class SqlCommand extends HomeCommand {
    @Parameters(index = "0", paramLabel = "SELECT", description = "one SELECT or WITH ... SELECT statement") String sql;
    @Option(names = "--limit", description = "rows at most (1..5000, default 5000)") Integer limit;

    @Override
    public Integer call() {
        JsonNode r = callEngine("run_select", new CallArguments().put("sql", sql).putGiven("limit", limit));
        List<List<String>> rows = new ArrayList<>();
        for (JsonNode row : r.path("rows")) rows.add(row.valueStream().map(v -> v.isNull() ? null : v.asString()).toList());
        // LF, not the RFC's CRLF: this is a terminal's text, read line by line
        String csv = CsvWriter.table(r.path("columns").valueStream().map(JsonNode::asString).toList(), rows, CsvWriter.LF);
        System.out.print(csv);
        if (r.path("truncated").asBoolean()) System.err.println("(truncated at " + r.path("limit").asInt() + " rows)");
        return 0;
    }
}
