package io.nous.export;

import io.nous.report.RunReport;
import java.util.List;

/**
 * A policy's answers in a few situations, as a review's Markdown table and a report's HTML table: the
 * situation in words, then what the policy does. Shared by the views whose policies decide between
 * requests or flows (ordering, fairness, eviction).
 */
final class SituationTable {
    private SituationTable() {
    }

    /** Rows of {@code [situation, answer]} under a Markdown header {@code | situation | answer |}. */
    static void markdown(StringBuilder sb, String situation, String answer, List<String[]> rows) {
        sb.append("| ").append(situation).append(" | ").append(answer).append(" |\n|---|---|\n");
        for (String[] row : rows) {
            sb.append("| ").append(row[0]).append(" | ").append(row[1]).append(" |\n");
        }
    }

    /** The same rows as an HTML table, escaped. */
    static void html(StringBuilder sb, String situation, String answer, List<String[]> rows) {
        sb.append("<table>\n<tr><th>").append(RunReport.esc(situation)).append("</th><th>").append(RunReport.esc(answer))
                .append("</th></tr>\n");
        for (String[] row : rows) {
            sb.append("<tr><td>").append(RunReport.esc(row[0])).append("</td><td>").append(RunReport.esc(row[1])).append("</td></tr>\n");
        }
        sb.append("</table>\n");
    }
}
