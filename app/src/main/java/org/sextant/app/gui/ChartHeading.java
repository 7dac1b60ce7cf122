package org.sextant.app.gui;

import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import org.sextant.engine.data.SymbolInfo;

/**
 * The Charts view's heading, "IBM · International Business Machines · USD · NYSE": when it is wider than
 * the view, only the name is cut short, so the ticker, currency and exchange stay readable at 1000×700,
 * and the whole heading is in the tooltip.
 */
public final class ChartHeading extends HBox {
    private final Label ticker = part("chart-heading-ticker");
    private final Label name = shownWhenSet(part("chart-heading-name"));
    private final Label rest = shownWhenSet(part("chart-heading-rest"));
    private final Tooltip whole = new Tooltip();

    ChartHeading() {
        setId("chart-heading");
        setAlignment(Pos.BASELINE_LEFT);
        setPadding(new Insets(4, 8, 0, 8));
        setMinWidth(0);
        name.setMinWidth(0); // the one part that gives way
        HBox.setHgrow(name, Priority.SOMETIMES);
        getChildren().addAll(ticker, name, rest);
        for (Label l : new Label[] {ticker, name, rest}) l.setTooltip(whole);
    }

    private static Label part(String id) {
        Label l = new Label();
        l.setId(id);
        l.getStyleClass().add("section-heading");
        l.setMinWidth(Region.USE_PREF_SIZE);
        return l;
    }

    /** Takes no room without a text (the ticker keeps the heading's line as it did alone). */
    private static Label shownWhenSet(Label l) {
        l.managedProperty().bind(l.textProperty().isNotEmpty());
        l.visibleProperty().bind(l.managedProperty());
        return l;
    }

    /** Shows {@code symbol} alone, or with its name, currency and exchange when its row ({@code info}) is known; null: nothing. */
    void show(String symbol, SymbolInfo info) {
        boolean named = info != null && info.name() != null && !info.name().isBlank();
        String after = info == null ? "" : SymbolText.joined(info.currency(), info.exchange());
        ticker.setText(symbol == null ? "" : symbol);
        name.setText(named ? " · " + info.name() : "");
        rest.setText(after.isEmpty() ? "" : " · " + after);
        whole.setText(text());
    }

    /** The whole heading, as its tooltip holds it ("" with no symbol). */
    public String text() {
        return ticker.getText() + name.getText() + rest.getText();
    }
}
