// Start-up of the GraphQL explorer page (server/pages/browserPages.ts): GraphiQL against this
// service's /graphql. An API key, when the service requires one, goes in the Headers tab as
// {"x-service-api-key": "..."}.
export const graphqlExplorerScript = `(function () {
  var fetcher = GraphiQL.createFetcher({ url: window.location.origin + '/graphql' });
  var defaultQuery = [
    '# Subnets with their blockchains and, across subgraphs, the EVM chain this service indexes.',
    '{',
    '  listSubnets(network: mainnet, pageSize: 3) {',
    '    subnets {',
    '      subnetId',
    '      isL1',
    '      blockchains { blockchainName evmChain { chainId chainName networkToken { symbol } } }',
    '    }',
    '    nextPageToken',
    '  }',
    '}',
    '',
  ].join('\\n');
  var root = ReactDOM.createRoot(document.getElementById('root'));
  root.render(React.createElement(GraphiQL, { fetcher: fetcher, defaultQuery: defaultQuery, defaultEditorToolsVisibility: true }));
})();
`;
