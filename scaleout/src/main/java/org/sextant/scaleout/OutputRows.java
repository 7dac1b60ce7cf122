package org.sextant.scaleout;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/** A per-symbol job's output rows as Spark holds them: the engine's row (column → value) in the column order, and their schema. */
final class OutputRows {
    private OutputRows() {}

    static Row of(List<String> columns, Map<String, Object> row) {
        List<Object> values = new ArrayList<>();
        for (String col : columns) values.add(row.get(col));
        return RowFactory.create(values.toArray());
    }

    /** Every column nullable but {@code symbol} (a failed symbol's row has only symbol and error). */
    static StructType schema(List<String> columns, Function<String, DataType> type) {
        List<StructField> fields = new ArrayList<>();
        for (String c : columns) fields.add(DataTypes.createStructField(c, type.apply(c), !c.equals("symbol")));
        return DataTypes.createStructType(fields);
    }
}
