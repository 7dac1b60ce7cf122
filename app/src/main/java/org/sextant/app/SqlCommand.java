package org.sextant.app;

import java.util.ArrayList;
import java.util.List;
import org.sextant.engine.Json;
import org.sextant.engine.exchange.CsvWriter;
import org.sextant.engine.sql.SelectResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "sql", mixinStandardHelpOptions = true,
        description = "Run one read-only SELECT on the store; the rows print as CSV.")
// duplicates: picocli declarations (command, arguments, options) are alike by nature; the work is shared in HomeCommand
final class SqlCommand extends HomeCommand {
    @Parameters(index = "0", paramLabel = "SELECT", description = "one SELECT or WITH ... SELECT statement") String sql;
    @Option(names = "--limit", description = "rows at most (1..5000, default 5000)") Integer limit;

    @Override
    public Integer call() {
        SelectResult r = callEngine("run_select", new CallArguments().put("sql", "SELECT", sql).putGiven("limit", "--limit", limit), SelectResult.class);
        List<List<String>> rows = new ArrayList<>();
        for (List<Object> row : r.rows()) rows.add(row.stream().map(SqlCommand::cell).toList());
        // LF, not the RFC's CRLF: this is a terminal's text, read line by line
        String csv = CsvWriter.table(r.columns(), rows, CsvWriter.LF);
        System.out.print(csv);
        if (r.truncated()) System.err.println("(truncated at " + r.limit() + " rows)");
        return 0;
    }

    /** A cell as the JSON answer wrote it: numbers in JSON's spelling, null stays null (an empty CSV field). */
    private static String cell(Object value) {
        return value == null ? null : Json.MAPPER.valueToTree(value).asString();
    }
}
