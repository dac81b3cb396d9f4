// A bound on how deep a document's braces, brackets and parentheses nest, checked on the tokens
// before parsing: graphql-js parses recursively, and a document nested a few thousand levels deep
// overflows the stack before the depth rule (depth-limit.ts) could refuse it. The lexer is
// iterative; it stops after `maxTokens` tokens (the parser then refuses the size itself).
import { GraphQLError, Lexer, Source, TokenKind } from 'graphql';

const OPENING = new Set<TokenKind>([TokenKind.BRACE_L, TokenKind.BRACKET_L, TokenKind.PAREN_L]);
const CLOSING = new Set<TokenKind>([TokenKind.BRACE_R, TokenKind.BRACKET_R, TokenKind.PAREN_R]);

/** A GraphQLError when `query` nests deeper than `maxNesting`; undefined otherwise (syntax errors are left to the parser). */
export function nestingError(query: string, maxNesting: number, maxTokens: number): GraphQLError | undefined {
  const lexer = new Lexer(new Source(query));
  let depth = 0;
  try {
    // Stryker disable next-line EqualityOperator,AssignmentOperator: the bound only stops the scan of a long document, which the parser then judges; out of reach: it changes an answer only when the 101st opening bracket is the 20,000th token exactly
    for (let count = 0; count <= maxTokens; count += 1) {
      const token = lexer.advance();
      // Stryker disable next-line ConditionalExpression: equivalent: past the end the lexer answers EOF again until the bound stops the scan, with the same answer
      if (token.kind === TokenKind.EOF) return undefined;
      if (OPENING.has(token.kind)) depth += 1;
      else if (CLOSING.has(token.kind)) depth -= 1;
      if (depth > maxNesting) {
        return new GraphQLError(`The document nests braces, brackets or parentheses more than ${maxNesting} levels deep (at line ${token.line}, column ${token.column}); it is not parsed.`, {
          extensions: { code: 'GRAPHQL_PARSE_FAILED', limit: maxNesting },
        });
      }
    }
  } catch {
    // A lexical error: the parser reports it with its position.
  }
  return undefined;
}
