/**
 * The error messages of the loadtest assertions, one small factory per kind of failure, in AssertJ's
 * style: each message reads "Expecting ... but ..." and shows the figures behind the failure. Useful to
 * write assertions of your own on a {@link dev.loadtest.Result} with the same wording.
 *
 * <pre>{@code
 * throw Failures.instance().failure(info, ShouldHaveNoErrors.shouldHaveNoErrors(result));
 * }</pre>
 */
package dev.loadtest.assertj.error;
