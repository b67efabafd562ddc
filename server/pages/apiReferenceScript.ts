// Start-up of the REST API reference page (server/pages/browserPages.ts): Swagger UI over this
// service's /openapi.json. validatorUrl: null, or Swagger UI would send the document to
// validator.swagger.io for a badge.
export const apiReferenceScript = `(function () {
  window.ui = SwaggerUIBundle({ url: window.location.origin + '/openapi.json', dom_id: '#root', validatorUrl: null, deepLinking: true });
})();
`;
