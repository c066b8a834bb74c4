// Generated from openapi.yaml (bacen/pix-api 2.9.0) by apps/api/scripts/pix-api-types.ts.
// Do not edit: run the script again.

export interface paths {
    "/cob/{txid}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                txid: components["schemas"]["TxId"];
            };
            cookie?: never;
        };
        /**
         * Consultar cobrança imediata.
         * @description Endpoint para consultar uma cobrança através de um determinado txid.
         */
        get: {
            parameters: {
                query?: {
                    revisao?: components["schemas"]["Revisao"];
                };
                header?: never;
                path: {
                    txid: components["schemas"]["TxId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Dados da cobrança imediata. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CobCompleta"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                404: components["responses"]["NaoEncontrado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        /**
         * Criar cobrança imediata.
         * @description Endpoint para criar uma cobrança imediata.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    txid: components["schemas"]["TxId"];
                };
                cookie?: never;
            };
            requestBody: components["requestBodies"]["CobBody"];
            responses: {
                /** @description Cobrança imediata criada */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CobGerada"];
                    };
                };
                /** @description Requisição com formato inválido. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problema"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                404: components["responses"]["NaoEncontrado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Revisar cobrança imediata. */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    txid: components["schemas"]["TxId"];
                };
                cookie?: never;
            };
            requestBody: components["requestBodies"]["CobBodyRevisada"];
            responses: {
                /** @description Cobrança imediata revisada. A revisão deve ser incrementada em 1. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CobGerada"];
                    };
                };
                /** @description Requisição com formato inválido. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problema"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                404: components["responses"]["NaoEncontrado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        trace?: never;
    };
    "/cob": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Consultar lista de cobranças imediatas.
         * @description Endpoint para consultar cobranças imediatas através de parâmetros como início, fim, cpf, cnpj e status.
         */
        get: {
            parameters: {
                query: {
                    inicio: components["schemas"]["Inicio"];
                    fim: components["schemas"]["Fim"];
                    cpf?: string;
                    cnpj?: string;
                    locationPresente?: boolean;
                    status?: string;
                    "paginacao.paginaAtual"?: components["parameters"]["paginaAtual"];
                    "paginacao.itensPorPagina"?: components["parameters"]["itensPorPagina"];
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Lista de cobranças imediatas. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CobsConsultadas"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        put?: never;
        /**
         * Criar cobrança imediata.
         * @description Endpoint para criar uma cobrança imediata, neste caso, o txid deve ser definido pelo PSP.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: components["requestBodies"]["CobBody"];
            responses: {
                /** @description Cobrança imediata criada */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CobGerada"];
                    };
                };
                /** @description Requisição com formato inválido. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problema"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cobv/{txid}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                txid: components["schemas"]["TxId"];
            };
            cookie?: never;
        };
        /**
         * Consultar cobrança com vencimento.
         * @description Endpoint para consultar uma cobrança com vencimento através de um determinado txid.
         */
        get: {
            parameters: {
                query?: {
                    revisao?: components["schemas"]["Revisao"];
                };
                header?: never;
                path: {
                    txid: components["schemas"]["TxId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Dados da cobrança com vencimento. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CobVCompleta"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                404: components["responses"]["NaoEncontrado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        /**
         * Criar cobrança com vencimento.
         * @description Endpoint para criar uma cobrança com vencimento.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    txid: components["schemas"]["TxId"];
                };
                cookie?: never;
            };
            requestBody: components["requestBodies"]["CobVBody"];
            responses: {
                /** @description Cobrança com vencimento criada */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CobVGerada"];
                    };
                };
                /** @description Requisição com formato inválido. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problema"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                404: components["responses"]["NaoEncontrado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Revisar cobrança com vencimento. */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    txid: components["schemas"]["TxId"];
                };
                cookie?: never;
            };
            requestBody: components["requestBodies"]["CobVBodyRevisada"];
            responses: {
                /** @description Cobrança com vencimento revisada. A revisão deve ser incrementada em 1. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CobVGerada"];
                    };
                };
                /** @description Requisição com formato inválido. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problema"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                404: components["responses"]["NaoEncontrado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        trace?: never;
    };
    "/cobv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Consultar lista de cobranças com vencimento.
         * @description Endpoint para consultar cobranças com vencimento através de parâmetros como início, fim, cpf, cnpj e status.
         */
        get: {
            parameters: {
                query: {
                    inicio: components["schemas"]["Inicio"];
                    fim: components["schemas"]["Fim"];
                    cpf?: string;
                    cnpj?: string;
                    locationPresente?: boolean;
                    status?: string;
                    loteCobVId?: number;
                    "paginacao.paginaAtual"?: components["parameters"]["paginaAtual"];
                    "paginacao.itensPorPagina"?: components["parameters"]["itensPorPagina"];
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Lista de cobranças com vencimento. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CobsVConsultadas"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lotecobv/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        /**
         * Consultar um lote específico de cobranças com vencimento.
         * @description Endpoint para consultar um lote de cobranças com vencimento.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Lote de cobranças com vencimento. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["LoteCobVConsultado"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                404: components["responses"]["NaoEncontrado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        /**
         * Criar/Alterar lote de cobranças com vencimento.
         * @description Endpoint utilizado para criar ou alterar um lote de cobranças com vencimento.
         *
         *     Para o caso de uso de alteração de cobranças, o array a ser atribuído na requisicão
         *     deve ser composto pelas exatas requisições de criação de cobranças que
         *     constaram no array atribuído na requisição originária.
         *
         *     Não se pode utilizar este endpoint para _alterar_ um lote de cobranças com vencimento
         *     agregando ou removendo cobranças já existentes dentro do conjunto de cobranças
         *     criadas na requisição originária do lote.
         *
         *     Em outras palavras, se originalmente criou-se um lote, por exemplo, com as cobranças
         *     [`a`, `b` e `c`], não se pode _alterar_ esse conjunto de cobranças original que o
         *     lote representa para [`a`, `b`, `c`, `d`], ou para [`a`, `b`].
         *     Por outro lado, pode-se alterar, _em lote_ as cobranças [`a`, `b`, `c`],
         *     conforme originalmente constam na requisição originária do lote.
         *
         *     Uma solicitação de __criação__ de cobrança com status "EM_PROCESSAMENTO" ou "NEGADA"
         *     está associada a uma cobrança não _existe_ de fato, portanto não será
         *     listada em `GET /cobv` ou `GET /cobv/{txid}`.
         *
         *     Uma cobrança, uma vez criada via `PUT /cobv/{txid}`,
         *     não pode ser associada a um lote posteriormente.
         *
         *     Uma cobrança, uma vez criada via `PUT /lotecobv/{id}`,
         *     não pode ser associada a um novo lote posteriormente.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: components["requestBodies"]["LoteCobVBody"];
            responses: {
                /** @description Lote de cobranças com vencimento solicitado para criação. */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Requisição com formato inválido. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problema"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                404: components["responses"]["NaoEncontrado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Utilizado para revisar cobranças específicas dentro de um lote de cobranças com vencimento.
         * @description Endpoint utilizado para revisar cobranças específicas dentro de um lote de cobranças com vencimento.
         *
         *     A diferença deste endpoint para o endpoint PUT correlato é que este endpoint admite um array
         *     `cobsv` com menos solicitações de criação ou alteração de cobranças do que o array atribuído na requisição originária do lote.
         *
         *     Não se pode, entretanto, utilizar esse endpoint para agregar ou remover solicitações de
         *     alteração ou criação de cobranças conforme constam na requisição originária do lote.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: components["requestBodies"]["LoteCobVBodyRevisado"];
            responses: {
                /** @description Solicitação de revisão do Lote de cobranças encaminhada para processamento. */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Requisição com formato inválido. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problema"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                404: components["responses"]["NaoEncontrado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        trace?: never;
    };
    "/lotecobv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Consultar lotes de cobranças com vencimento.
         * @description Endpoint para consultar lista de lotes de cobranças com vencimento.
         */
        get: {
            parameters: {
                query: {
                    inicio: components["schemas"]["Inicio"];
                    fim: components["schemas"]["Fim"];
                    "paginacao.paginaAtual"?: components["parameters"]["paginaAtual"];
                    "paginacao.itensPorPagina"?: components["parameters"]["itensPorPagina"];
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Lotes de cobranças com vencimento. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["LotesCobVConsultados"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/locrec": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Consultar locations cadastradas.
         * @description Endpoint para consultar locations cadastradas
         */
        get: {
            parameters: {
                query: {
                    inicio: components["schemas"]["Inicio"];
                    fim: components["schemas"]["Fim"];
                    idRecPresente?: boolean;
                    convenio?: string;
                    "paginacao.paginaAtual"?: components["parameters"]["paginaAtual"];
                    "paginacao.itensPorPagina"?: components["parameters"]["itensPorPagina"];
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description lista dos locations cadastrados de acordo com o critério de busca. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PayloadLocationRecConsultadas"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        put?: never;
        /**
         * Criar location do payload.
         * @description Criar location do payload
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Dados da location do Payload. */
                201: {
                    headers: {
                        location?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PayloadLocationRecGerada"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/locrec/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        /**
         * Recuperar location do payload.
         * @description Recupera a location do payload
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Dados da location do Payload. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PayloadLocationRecCompleta"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                404: components["responses"]["NaoEncontrado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/locrec/{id}/idRec": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Desvincular uma recorrência de uma location.
         * @description Endpoint utilizado para desvincular uma recorrência de uma location.
         *
         *     Se executado com sucesso, a entidade `loc` não apresentará mais uma recorrência,
         *     se apresentava anteriormente à chamada. Adicionalmente, a entidade associada ao
         *     recurso desvinculado também passará a não mais apresentar um _location_. Esta operação
         *     não altera o `status` do recurso em questão.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Entidade representada pelo recurso informado desvinculada com sucesso. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PayloadLocationRecCompleta"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                404: components["responses"]["NaoEncontrado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/loc": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Consultar locations cadastradas.
         * @description Endpoint para consultar locations cadastradas
         */
        get: {
            parameters: {
                query: {
                    inicio: components["schemas"]["Inicio"];
                    fim: components["schemas"]["Fim"];
                    txIdPresente?: boolean;
                    tipoCob?: "cob" | "cobv";
                    "paginacao.paginaAtual"?: components["parameters"]["paginaAtual"];
                    "paginacao.itensPorPagina"?: components["parameters"]["itensPorPagina"];
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description lista dos locations cadastrados de acordo com o critério de busca. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PayloadLocationConsultadas"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        put?: never;
        /**
         * Criar location do payload.
         * @description Criar location do payload
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: components["requestBodies"]["PayloadLocationBody"];
            responses: {
                /** @description Dados da location do Payload. */
                201: {
                    headers: {
                        location?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PayloadLocation"];
                    };
                };
                /** @description Requisição com formato inválido. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problema"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/loc/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        /**
         * Recuperar location do payload.
         * @description Recupera a location do payload
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Dados da location do Payload. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PayloadLocationCompleta"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                404: components["responses"]["NaoEncontrado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/loc/{id}/txid": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Desvincular uma cobrança de uma location.
         * @description Endpoint utilizado para desvincular uma cobrança de uma location.
         *
         *     Se executado com sucesso, a entidade `loc` não apresentará mais um txid,
         *     se apresentava anteriormente à chamada. Adicionalmente, a entidade `cob` ou `cobv` associada ao
         *     txid desvinculado também passará a não mais apresentar um _location_. Esta operação
         *     não altera o `status` da `cob` ou `cobv` em questão.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description cobrança representada pelo txid informado desvinculada com sucesso. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PayloadLocation"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                404: components["responses"]["NaoEncontrado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pix/{e2eid}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                e2eid: components["schemas"]["EndToEndId"];
            };
            cookie?: never;
        };
        /**
         * Consultar Pix.
         * @description Endpoint para consultar um Pix através de um e2eid.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    e2eid: components["schemas"]["EndToEndId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Dados do Pix efetuado. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Pix"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                404: components["responses"]["NaoEncontrado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pix": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Consultar Pix recebidos.
         * @description Endpoint para consultar Pix recebidos
         */
        get: {
            parameters: {
                query: {
                    inicio: components["schemas"]["Inicio"];
                    fim: components["schemas"]["Fim"];
                    txid?: components["schemas"]["TxId"] & unknown;
                    txIdPresente?: boolean;
                    devolucaoPresente?: boolean;
                    cpf?: string;
                    cnpj?: string;
                    "paginacao.paginaAtual"?: components["parameters"]["paginaAtual"];
                    "paginacao.itensPorPagina"?: components["parameters"]["itensPorPagina"];
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description lista dos Pix recebidos de acordo com o critério de busca. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PixConsultados"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pix/{e2eid}/devolucao/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                e2eid: components["schemas"]["EndToEndId"];
                id: components["schemas"]["DevolucaoId"];
            };
            cookie?: never;
        };
        /**
         * Consultar devolução.
         * @description Endpoint para consultar uma devolução através de um End To End ID do Pix e do ID da devolução
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    e2eid: components["schemas"]["EndToEndId"];
                    id: components["schemas"]["DevolucaoId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Dados da devolução. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Devolucao"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                404: components["responses"]["NaoEncontrado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        /**
         * Solicitar devolução.
         * @description Endpoint para solicitar uma devolução através de um e2eid do Pix e do ID da devolução. O motivo que será atribuído à PACS.004 será "MD06" ou "SL02" de acordo com a aba RTReason da PACS.004 que consta no Catálogo de Mensagens do Pix a depender da `natureza` da devolução (Vide a descrição deste campo).
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    e2eid: components["schemas"]["EndToEndId"];
                    id: components["schemas"]["DevolucaoId"];
                };
                cookie?: never;
            };
            requestBody: components["requestBodies"]["DevolucaoBody"];
            responses: {
                /** @description Dados da devolução. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Devolucao"];
                    };
                };
                /** @description Requisição com formato inválido. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problema"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                404: components["responses"]["NaoEncontrado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/{pixUrlAccessToken}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                pixUrlAccessToken: string;
            };
            cookie?: never;
        };
        /**
         * Recuperar o payload JSON que representa a cobrança imediata.
         * @description ## Endpoint (location) que serve um payload que representa uma cobrança imediata.
         *
         *     No momento que o usuário devedor efetua a leitura de um QR Code dinâmico gerado pelo recebedor, esta URL será acessada e seu conteúdo consiste em uma estrutura JWS.
         *     As informações sobre a segurança no acesso às urls encontram-se no Manual de Segurança do Pix disponível em nesse __[link](https://www.bcb.gov.br/estabilidadefinanceira/comunicacaodados)__.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    pixUrlAccessToken: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * @description # Descrição do Retorno
                 *     O retorno desse endpoint é um objeto que apresenta estrutura JWS, conforme especificado no manual de segurança. Segue um exemplo:
                 *
                 *     ```jws
                 *     eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXUyIsImtpZCI6IjIwMTEtMDQtMjkiLCJqa3UiOiJodHRwczovL3Rvb2xzLmlldGYub3JnL2h0bWwvcmZjNzUxNyIsIng1dCI6IkFwcGVuZGl4QUV4YW1wbGVBMUpXS1NSc2FLZXkifQ.eyJjYWxlbmRhcmlvIjp7ImNyaWFjYW8iOiIyMDIwLTA5LTE1VDE5OjM5OjU0LjAxM1oiLCJhcHJlc2VudGFjYW8iOiIyMDIwLTA0LTAxVDE4OjAwOjAwWiIsImV4cGlyYWNhbyI6IjM2MDAifSwidHhpZCI6ImZjOWE0MzY2ZmYzZDQ5NjRiNWRiYzZjOTFhODcyMmQzIiwicmV2aXNhbyI6IjMiLCJzdGF0dXMiOiJBVElWQSIsInZhbG9yIjp7Im9yaWdpbmFsIjoiNTAwLjAwIn0sImNoYXZlIjoiNzQwN2M5YzgtZjc4Yi0xMWVhLWFkYzEtMDI0MmFjMTIwMDAyIiwic29saWNpdGFjYW9QYWdhZG9yIjoiSW5mb3JtYXIgY2FydGFvIGZpZGVsaWRhZGUiLCJpbmZvQWRpY2lvbmFpcyI6W3sibm9tZSI6InF1YW50aWRhZGUiLCJ2YWxvciI6IjIifV19.qI7NUrYkwcgXmyoyOjt2YLQyhxH-lPdr3xQ7RId9TDXZ-MlWmPJkUScjuo1Nz_EvlSotbWDGOxErBXHeTLHOQM-9T7lBmG5iw6uEX7L5U72XiganIm80EZCFD1vBPq9j89i4cP2U2Yv21TTt8JLhjA57KHLOSlj-KB5UAKCH-MX3AORFcrXFrYL2rrSQDe-lFNtdyPRwLQHIrhkQ6RR2FPhynzUG0401LScS9mWLLYbYzhzwtP5lk07Ryf4MZq86ihmOLFZXkIiW7pbSd8QfD5Dvj28XebLQi_bam9wInqKB--57_N741BskCN_TXf0EHbQ1qjNTgiT8Y1GIrA4pFA
                 *     ```
                 *
                 *     Este objeto JWS assinado deve ser validado pelo devedor. Maiores detalhes técnicos a respeito da especificação
                 *     de segurança encontram-se no __[Manual de Segurança do Pix](https://www.bcb.gov.br/estabilidadefinanceira/pix)__.
                 *
                 *     Conforme pode-se verificar no exemplo acima, o objeto JWS apresenta três fragmentos separados pelo caractere `.` (ponto). São eles: `header`, `payload` e `signature`.
                 *
                 *     Em termos de funcionalidade, o fragmento que interessa ao devedor é o `payload`, que apresenta estrutura conforme especificada pelo `schema` do presente endpoint, contendo detalhes concernentes à cobrança.
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/jose": components["schemas"]["CobPayload"];
                    };
                };
                /** @description Requisição com formato inválido. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problema"];
                    };
                };
                404: components["responses"]["NaoEncontrado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cobv/{pixUrlAccessToken}": {
        parameters: {
            query?: {
                /** @description Código baseado na Tabela de Códigos de Municípios do __[IBGE](https://www.ibge.gov.br/explica/codigos-dos-municipios.php)__ que apresenta a lista dos municípios brasileiros associados a um código composto de 7 dígitos, sendo os dois primeiros referentes ao código da Unidade da Federação. */
                codMun?: string;
                /** @description Data de pagamento pretendida. Trata-se de uma data, no formato `YYYY-MM-DD`, segundo ISO 8601. */
                DPP?: string;
            };
            header?: never;
            path: {
                pixUrlAccessToken: string;
            };
            cookie?: never;
        };
        /**
         * Recuperar o payload JSON que representa a cobrança com vencimento.
         * @description ## Endpoint (location) que serve um payload que representa uma cobrança com vencimento.
         *
         *     No momento que o usuário devedor efetua a leitura de um QR Code dinâmico gerado pelo recebedor, esta URL será acessada e seu conteúdo consiste em uma estrutura JWS.
         *     As informações sobre a segurança no acesso às urls encontram-se no Manual de Segurança do Pix disponível em nesse __[link](https://www.bcb.gov.br/estabilidadefinanceira/comunicacaodados)__.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Código baseado na Tabela de Códigos de Municípios do __[IBGE](https://www.ibge.gov.br/explica/codigos-dos-municipios.php)__ que apresenta a lista dos municípios brasileiros associados a um código composto de 7 dígitos, sendo os dois primeiros referentes ao código da Unidade da Federação. */
                    codMun?: string;
                    /** @description Data de pagamento pretendida. Trata-se de uma data, no formato `YYYY-MM-DD`, segundo ISO 8601. */
                    DPP?: string;
                };
                header?: never;
                path: {
                    pixUrlAccessToken: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * @description # Descrição do Retorno
                 *     O retorno desse endpoint é um objeto que apresenta estrutura JWS, conforme especificado no manual de segurança. Segue um exemplo:
                 *
                 *     ```jws
                 *     eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXUyIsImtpZCI6IjIwMTEtMDQtMjkiLCJqa3UiOiJodHRwczovL3Rvb2xzLmlldGYub3JnL2h0bWwvcmZjNzUxNyIsIng1dCI6IkFwcGVuZGl4QUV4YW1wbGVBMUpXS1NSc2FLZXkifQ.eyJjYWxlbmRhcmlvIjp7ImNyaWFjYW8iOiIyMDIwLTA5LTE1VDE5OjM5OjU0LjAxM1oiLCJhcHJlc2VudGFjYW8iOiIyMDIwLTA0LTAxVDE4OjAwOjAwWiIsImRhdGFEZVZlbmNpbWVudG8iOiIyMDIwLTEyLTMxIiwidmFsaWRhZGVBcG9zVmVuY2ltZW50byI6MzB9LCJkZXZlZG9yIjp7ImxvZ3JhZG91cm8iOiJBbGFtZWRhIFNhbnRvcywgTnVtZXJvIDEwLCBCYWlycm8gQnJheiIsImNpZGFkZSI6IkRpYWRlbWEiLCJ1ZiI6IlNQIiwiY2VwIjoiNzA4MDAxMDAiLCJjbnBqIjoiNTY5ODkwMDAwMTk1MzMiLCJub21lIjoiRW1wcmVzYSBkZSBBbGltZW50b3MgU0EifSwicmVjZWJlZG9yIjp7ImxvZ3JhZG91cm8iOiJSdWEgMjAgTnVtZXJvIDcwLCBCYWlycm8gTHV6IiwiY2lkYWRlIjoiQmVsbyBIb3Jpem9udGUiLCJ1ZiI6Ik1HIiwiY2VwIjoiNTUxMjA3NTAiLCJjbnBqIjoiNTg5MDA2MzMxMjA3MTEiLCJub21lIjoiRW1wcmVzYSBkZSBBYmFzdGVjaW1lbnRvIFNBIn0sInR4aWQiOiJmYzlhNDM2NmZmM2Q0OTY0YjVkYmM2YzkxYTg3MjJkMyIsInJldmlzYW8iOiIzIiwic3RhdHVzIjoiQVRJVkEiLCJ2YWxvciI6eyJvcmlnaW5hbCI6IjEyMy40NSIsIm11bHRhIjoiMTUuMDAiLCJqdXJvcyI6IjIuMDAiLCJmaW5hbCI6IjE0MCw0NSJ9LCJjaGF2ZSI6Ijc0MDdjOWM4LWY3OGItMTFlYS1hZGMxLTAyNDJhYzEyMDAwMiIsInNvbGljaXRhY2FvUGFnYWRvciI6IkluZm9ybWFyIGNhcnRhbyBmaWRlbGlkYWRlIiwiaW5mb0FkaWNpb25haXMiOlt7Im5vbWUiOiJxdWFudGlkYWRlIiwidmFsb3IiOiIyIn1dfQ.BYibf_oK38IubbnnfThe4gaXuJgfoGQzFIezxHS76jGLQ4re2BwSdsiIzBW1t0JOtL094jLtJMVttdIdF9YJukrdzbknbf1jzfHghgBfNqXfZm7jxWuV8IO0jimoSoo7oMrG3MYytRFpdk2Q_ZhTL5UgZqVbfJkMwcp8o0FYmzrmiGPll-kgBulTgGgvGjzl-mC5dtl56351ix1-If1D7KAohHzcYTHzEFkvYZlNCcxyHJX94-8IqpYaTQ1rJlnPExPIgys-ioZ3U_QzcPz4d3tGvRAfHEU7VoIeZHeXR1jqKuqvz70ayc8mAbL7RXzJat1Ru_glS3krkSdXdZxK-w
                 *     ```
                 *
                 *     Este objeto JWS assinado deve ser validado pelo devedor. Maiores detalhes técnicos a respeito da especificação
                 *     de segurança encontram-se no __[Manual de Segurança do Pix](https://www.bcb.gov.br/estabilidadefinanceira/pix)__.
                 *
                 *     Conforme pode-se verificar no exemplo acima, o objeto JWS apresenta três fragmentos separados pelo caractere `.` (ponto). São eles: `header`, `payload` e `signature`.
                 *
                 *     Em termos de funcionalidade, o fragmento que interessa ao devedor é o `payload`, que apresenta estrutura conforme especificada pelo `schema` do presente endpoint, contendo detalhes concernentes à cobrança.
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/jose": components["schemas"]["CobVPayload"];
                    };
                };
                /** @description Requisição com formato inválido. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problema"];
                    };
                };
                404: components["responses"]["NaoEncontrado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rec/{recUrlAccessToken}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                recUrlAccessToken: string;
            };
            cookie?: never;
        };
        /**
         * Recuperar o payload JSON que representa a configuração da recorrência.
         * @description ## Endpoint (location) que serve um payload que representa uma recorrência.
         *
         *     No momento em que o usuário pagador efetua a leitura de um QR Code composto gerado pelo recebedor, esta URL será acessada e seu conteúdo consiste em uma estrutura JWS.
         *     As informações sobre a segurança no acesso às urls encontram-se no Manual de Segurança do Pix disponível nesse __[link](https://www.bcb.gov.br/estabilidadefinanceira/comunicacaodados)__.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    recUrlAccessToken: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /**
                 * @description # Descrição do Retorno
                 *     O retorno desse endpoint é um objeto que apresenta estrutura JWS, conforme especificado no manual de segurança. Segue um exemplo:
                 *
                 *     ```jws
                 *     eyJ4NXQjUzI1NiI6IkJOVkdUamZsRTVBaUplWGhHbTZSaGtGUXkwQ25pejJXSlF5cTZhQ0pnTFkiLCJqa3UiOiJodHRwczpcL1wvcXItaC5zYW5kYm94LnBpeC5iY2IuZ292LmJyXC9yZXN0XC9qd2tzLmpzb24iLCJraWQiOiJOMjROSVg5R3Z3bm4ycGktV09IOG9RQ2JkSGlaSFdpbnJvWllxZGhxMlYwUENJIiwiYWxnIjoiUlMyNTYifQ.eyJpZFJlYyI6IlJOMTIzNDU2NzgyMDI0MDExNTc3ODI1NDQ1NjEyIiwidmluY3VsbyI6eyJjb250cmF0byI6IjU1ODI2MTAiLCJkZXZlZG9yIjp7ImNwZiI6IjQ1MTY0NjMyNDgxIiwibm9tZSI6IkZ1bGFubyBkZSBUYWwifSwib2JqZXRvIjoiU2VydmnDp28gZGUgU3RyZWFtbWluZyBkZSBNw7pzaWNhLiJ9LCJjYWxlbmRhcmlvIjp7ImRhdGFGaW5hbCI6IjIwMjUtMDQtMDEiLCJkYXRhSW5pY2lhbCI6IjIwMjQtMDQtMDEiLCJwZXJpZGlvY2lkYWRlIjoiTUVOU0FMIn0sInBvbGl0aWNhUmV0ZW50YXRpdmEiOiJOQU9fUEVSTUlURSIsInZhbG9yIjp7InZhbG9yUmVjIjoiMzUuMDAifSwicmVjZWJlZG9yIjp7ImNucGoiOiIyODc2NTAwNzgwMjM3MSIsIm5vbWUiOiJTdGFydHVwIE11c2ljYWwiLCJpc3BiUGFydGljaXBhbnRlIjoiMTIzNDU2NzgifSwiYXR1YWxpemFjYW8iOlt7InN0YXR1cyI6IkNSSUFEQSIsImRhdGEiOiIyMDI0LTAzLTIwVDEwOjEyOjA3LjU2N1oifV19.JQ3nwpN75M7ADuFQD1lAYRU_3QIkU34OCGXcqmn0dmmvl_JYQggZDY-2cN9waqZtf0duJkDs9EcRu-pNZQZlNMjI7DCYCNfXOgiiofdQqMikDh-D6Zq82EkiUqS7cuTg1-GWylCTF9gH6-p_D-dhYPvf-s4FinbjZNwhkX8Sn-OhlLMS8roIWSMjo_J1hN4DdL-Q5zgZBb7Hbt4OZ3CnD1GNbnsdUUyPyy2GfmIUWZEnQ2rY7gVuI7chUAksYeZVaJiH34saBw4Ou8RjHbSGmeWFLmjiTSQYisyQEyotStu6GnHLS36ElNDVlZWOUnb87N3H5FAccWaIQhit3C4wmA
                 *     ```
                 *
                 *     Este objeto JWS assinado deve ser validado pelo pagador. Maiores detalhes técnicos a respeito da especificação
                 *     de segurança encontram-se no __[Manual de Segurança do Pix](https://www.bcb.gov.br/estabilidadefinanceira/pix)__.
                 *
                 *     Conforme pode-se verificar no exemplo acima, o objeto JWS apresenta três fragmentos separados pelo caractere `.` (ponto). São eles: `header`, `payload` e `signature`.
                 *
                 *     Em termos de funcionalidade, o fragmento que interessa ao pagador é o `payload`, que apresenta estrutura conforme especificada pelo `schema` do presente endpoint, contendo detalhes concernentes à recorrência.
                 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/jose": components["schemas"]["RecPayload"];
                    };
                };
                /** @description Requisição com formato inválido. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problema"];
                    };
                };
                404: components["responses"]["NaoEncontrado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook/{chave}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                chave: string;
            };
            cookie?: never;
        };
        /**
         * Exibir informações acerca do Webhook Pix.
         * @description Endpoint para recuperação de informações sobre o Webhook Pix.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    chave: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Dados do webhook. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookCompleto"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                404: components["responses"]["NaoEncontrado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        /**
         * Configurar o Webhook Pix.
         * @description Endpoint para configuração do serviço de notificações acerca de Pix recebidos.
         *     Somente Pix associados a um txid serão notificados.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    chave: string;
                };
                cookie?: never;
            };
            requestBody: components["requestBodies"]["WebhookConfigBody"];
            responses: {
                /** @description Webhook para notificações acerca de Pix recebidos associados a um txid. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Requisição com formato inválido. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problema"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                404: components["responses"]["NaoEncontrado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        post?: never;
        /**
         * Cancelar o webhook Pix.
         * @description Endpoint para cancelamento do webhook. Não é a única forma pela qual um webhook pode ser
         *     removido.
         *
         *     O PSP recebedor está livre para remover unilateralmente um webhook que esteja associado
         *     a uma chave que não pertence mais a este usuário recebedor.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    chave: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Webhook para notificações Pix foi cancelado. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                403: components["responses"]["AcessoNegado"];
                404: components["responses"]["NaoEncontrado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Consultar webhooks cadastrados.
         * @description Endpoint para consultar Webhooks cadastrados
         */
        get: {
            parameters: {
                query?: {
                    inicio?: components["schemas"]["Inicio"];
                    fim?: components["schemas"]["Fim"];
                    "paginacao.paginaAtual"?: components["parameters"]["paginaAtual"];
                    "paginacao.itensPorPagina"?: components["parameters"]["itensPorPagina"];
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description lista dos locations cadastrados de acordo com o critério de busca. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhooksConsultados"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhookrec": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Exibir informações acerca do Webhook.
         * @description Endpoint para recuperação de informações sobre o Webhook.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Dados do webhook. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookRecCompleto"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                404: components["responses"]["NaoEncontrado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        /**
         * Configurar Webhook.
         * @description Endpoint para configuração do serviço de notificações acerca de recorrências. Somente recorrências associadas ao usuário recebedor serão notificadas.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: components["requestBodies"]["WebhookRecConfigBody"];
            responses: {
                /** @description Webhook para notificações. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Requisição com formato inválido. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problema"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                404: components["responses"]["NaoEncontrado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        post?: never;
        /**
         * Cancelar o Webhook.
         * @description Endpoint para cancelamento do webhook. Não é a única forma pela qual um webhook pode ser
         *     removido.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Webhook para notificações foi cancelado. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                403: components["responses"]["AcessoNegado"];
                404: components["responses"]["NaoEncontrado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhookcobr": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Exibir informações acerca do Webhook.
         * @description Endpoint para recuperação de informações sobre o Webhook.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Dados do webhook. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["WebhookCobRCompleto"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                404: components["responses"]["NaoEncontrado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        /**
         * Configurar Webhook.
         * @description Endpoint para configuração do serviço de notificações acerca de cobranças recorrentes. Somente cobranças recorrentes associadas ao usuário recebedor serão notificadas.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: components["requestBodies"]["WebhookCobRConfigBody"];
            responses: {
                /** @description Webhook para notificações. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Requisição com formato inválido. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problema"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                404: components["responses"]["NaoEncontrado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        post?: never;
        /**
         * Cancelar o Webhook.
         * @description Endpoint para cancelamento do webhook. Não é a única forma pela qual um webhook pode ser
         *     removido.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Webhook para notificações foi cancelado. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                403: components["responses"]["AcessoNegado"];
                404: components["responses"]["NaoEncontrado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rec/{idRec}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                idRec: string;
            };
            cookie?: never;
        };
        /**
         * Consultar recorrência.
         * @description Consultar recorrência.
         */
        get: {
            parameters: {
                query?: {
                    txid?: string;
                };
                header?: never;
                path: {
                    idRec: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Dados da recorrência. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RecCompleta"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                404: components["responses"]["NaoEncontrado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Revisar recorrência.
         * @description Revisar recorrência.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    idRec: string;
                };
                cookie?: never;
            };
            requestBody?: components["requestBodies"]["RecBodyRevisada"];
            responses: {
                /** @description Recorrência revisada. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RecGerada"];
                    };
                };
                /** @description Requisição com formato inválido. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problema"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                404: components["responses"]["NaoEncontrado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        trace?: never;
    };
    "/rec": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Consultar lista de recorrências.
         * @description Consultar lista de recorrências.
         */
        get: {
            parameters: {
                query: {
                    inicio: components["schemas"]["Inicio"];
                    fim: components["schemas"]["Fim"];
                    cpf?: string;
                    cnpj?: string;
                    locationPresente?: boolean;
                    status?: string;
                    convenio?: string;
                    "paginacao.paginaAtual"?: components["parameters"]["paginaAtual"];
                    "paginacao.itensPorPagina"?: components["parameters"]["itensPorPagina"];
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OK */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RecsConsultadas"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        put?: never;
        /**
         * Criar recorrência.
         * @description Criar recorrência
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: components["requestBodies"]["RecBody"];
            responses: {
                /** @description Recorrência criada */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RecGerada"];
                    };
                };
                /** @description Requisição com formato inválido. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problema"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/solicrec": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Criar solicitação de confirmação de recorrência.
         * @description Criar solicitação de confirmação de recorrência.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: components["requestBodies"]["SolicRecBody"];
            responses: {
                /** @description Solicitação de recorrência criada */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SolicRecCompleta"];
                    };
                };
                /** @description Requisição com formato inválido. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problema"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                404: components["responses"]["NaoEncontrado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/solicrec/{idSolicRec}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                idSolicRec: string;
            };
            cookie?: never;
        };
        /**
         * Consultar solicitação de confirmação de recorrência.
         * @description Consultar solicitação.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    idSolicRec: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Dados da solicitação da recorrência. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SolicRecCompleta"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                404: components["responses"]["NaoEncontrado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Revisar solicitação de confirmação de recorrência.
         * @description Revisar solicitação de confirmação de recorrência.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    idSolicRec: string;
                };
                cookie?: never;
            };
            requestBody?: components["requestBodies"]["SolicRecBodyRevisada"];
            responses: {
                /** @description Solicitação de recorrência atualizada */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SolicRecCompleta"];
                    };
                };
                /** @description Requisição com formato inválido. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problema"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                404: components["responses"]["NaoEncontrado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        trace?: never;
    };
    "/cobr/{txid}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                txid: components["schemas"]["TxId"];
            };
            cookie?: never;
        };
        /**
         * Consultar cobrança recorrente.
         * @description Endpoint para consultar uma cobrança recorrente através de um determinado txid.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    txid: components["schemas"]["TxId"];
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Dados da cobrança recorrente. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CobRCompleta"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                404: components["responses"]["NaoEncontrado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        /**
         * Criar cobrança recorrente.
         * @description Endpoint para criar uma cobrança recorrente.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    txid: components["schemas"]["TxId"];
                };
                cookie?: never;
            };
            requestBody: components["requestBodies"]["CobRBody"];
            responses: {
                /** @description Cobrança imediata recorrente. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CobRGerada"];
                    };
                };
                /** @description Requisição com formato inválido. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problema"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                404: components["responses"]["NaoEncontrado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Revisar cobrança recorrente. */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    txid: components["schemas"]["TxId"];
                };
                cookie?: never;
            };
            requestBody: components["requestBodies"]["CobRBodyRevisada"];
            responses: {
                /** @description Cobrança recorrente revisada. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CobRGerada"];
                    };
                };
                /** @description Requisição com formato inválido. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problema"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                404: components["responses"]["NaoEncontrado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        trace?: never;
    };
    "/cobr": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Consultar lista de cobranças recorrentes.
         * @description Endpoint para consultar cobranças recorrentes através de parâmetros como início, fim, idRec, cpf, cnpj, status e convênio.
         */
        get: {
            parameters: {
                query: {
                    inicio: components["schemas"]["Inicio"];
                    fim: components["schemas"]["Fim"];
                    idRec?: string;
                    cpf?: string;
                    cnpj?: string;
                    status?: string;
                    convenio?: string;
                    "paginacao.paginaAtual"?: components["parameters"]["paginaAtual"];
                    "paginacao.itensPorPagina"?: components["parameters"]["itensPorPagina"];
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Lista de cobranças recorrentes. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CobsRConsultadas"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        put?: never;
        /**
         * Criar cobrança recorrente.
         * @description Endpoint para criar uma cobrança recorrente, neste caso, o txid deve ser definido pelo PSP.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: components["requestBodies"]["CobRBody"];
            responses: {
                /** @description Cobrança recorrente criada. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["CobRGerada"];
                    };
                };
                /** @description Requisição com formato inválido. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problema"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cobr/{txid}/retentativa/{data}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                txid: components["schemas"]["TxId"];
                /** @description Data prevista para liquidação da ordem de pagamento correspondente. Trata-se de uma data, no formato `YYYY-MM-DD`, segundo ISO 8601. */
                data: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Solicitar retentativa de cobrança.
         * @description Endpoint para solicitar retentativa de uma cobrança recorrente.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    txid: components["schemas"]["TxId"];
                    /** @description Data prevista para liquidação da ordem de pagamento correspondente. Trata-se de uma data, no formato `YYYY-MM-DD`, segundo ISO 8601. */
                    data: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Cobrança recorrente. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown & components["schemas"]["CobRCompleta"];
                    };
                };
                /** @description Requisição com formato inválido. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problema"];
                    };
                };
                403: components["responses"]["AcessoNegado"];
                404: components["responses"]["NaoEncontrado"];
                503: components["responses"]["ServicoIndisponivel"];
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * Id da Transação
         * @description # Identificador da transação
         *
         *     O campo `txid` determina o identificador da transação.
         *     O objetivo desse campo é ser um elemento que possibilite ao PSP do recebedor apresentar ao usuário recebedor a funcionalidade de conciliação de pagamentos.
         *
         *     Na pacs.008, é referenciado como `TransactionIdentification <txId>` ou `idConciliacaoRecebedor`.
         *
         *     Em termos de fluxo de funcionamento, o txid é lido pelo aplicativo do PSP do pagador e,
         *     depois de confirmado o pagamento, é enviado para o SPI via pacs.008.
         *     Uma pacs.008 também é enviada ao PSP do recebedor, contendo, além de todas as informações usuais
         *     do pagamento, o txid.
         *     Ao perceber um recebimento dotado de txid, o PSP do recebedor está apto a se comunicar com o usuário recebedor,
         *     informando que um pagamento específico foi liquidado.
         *
         *     O txid é criado exclusivamente pelo usuário recebedor e está sob sua responsabilidade.
         *     O txid, no contexto de representação de uma cobrança, é único por CPF/CNPJ do usuário recebedor. Cabe ao
         *     PSP recebedor validar essa regra na API Pix.
         */
        TxId: string;
        /**
         * Id fim a fim da transação
         * @description EndToEndIdentification que transita na PACS002, PACS004 e PACS008
         */
        EndToEndId: string;
        /**
         * Id da Devolução
         * @description Id gerado pelo cliente para representar unicamente uma devolução.
         */
        DevolucaoId: string;
        /**
         * Natureza da Devolução Solicitada
         * @description Indica qual é a natureza da devolução solicitada. Uma solicitação de devolução pelo usuário recebedor pode ser relacionada a um Pix
         *      comum (com código: `MD06` da pacs.004), ou a um Pix de Saque ou Troco (com códigos possíveis: `MD06` e `SL02` da pacs.004). Na ausência
         *      deste campo a natureza deve ser interpretada como sendo de um Pix comum (`ORIGINAL`).
         *
         *     As naturezas são assim definidas:
         *     - `ORIGINAL`: quando a devolução é solicitada pelo usuário recebedor e se refere a um Pix comum ou ao valor da compra em um Pix Troco (`MD06`);
         *     - `RETIRADA`: quando a devolução é solicitada pelo usuário recebedor e se refere a um Pix Saque ou ao valor do troco em um Pix Troco (`SL02`).
         *
         *     Os valores de devoluções são sempre limitados aos valores máximos a seguir:
         *     - Pix comum: o valor da devolução é limitado ao valor do próprio Pix (a natureza nesse caso deve ser: ORIGINAL);
         *     - Pix Saque: o valor da devolução é limitado ao valor da retirada (a natureza nesse caso deve ser: RETIRADA); e
         *     - Pix Troco: o valor da devolução é limitado ao valor relativo à compra ou ao troco:
         *       - Quando a devolução for referente à compra, o valor limita-se ao valor da compra (a natureza nesse caso deve ser ORIGINAL); e
         *       - Quando a devolução for referente ao troco, o valor limita-se ao valor do troco (a natureza nesse caso deve ser RETIRADA).
         * @enum {string}
         */
        DevolucaoSolicitadaNatureza: "ORIGINAL" | "RETIRADA";
        /**
         * Natureza da Devolução
         * @description Indica qual é a natureza da devolução. Uma devolução pode ser relacionada a um Pix comum (com códigos possíveis: `MD06`, `BE08` e `FR01` da pacs.004 e `REFU` da pacs.008),
         *     ou a um Pix de Saque ou Troco (com códigos possíveis:  `MD06` e `SL02` da pacs.004). Na ausência deste campo a natureza deve ser interpretada como
         *     sendo de um Pix comum (`ORIGINAL`).
         *
         *     As naturezas são assim definidas:
         *       - `ORIGINAL`: quando a devolução é solicitada pelo usuário recebedor e se refere a um Pix comum ou ao valor da compra em um Pix Troco (`MD06`);
         *       - `RETIRADA`: quando a devolução é solicitada pelo usuário recebedor e se refere a um Pix Saque ou ao valor do troco em um Pix Troco (`SL02`);
         *       - `MED_OPERACIONAL`: quando a devolução ocorre no âmbito do MED por motivo de falha operacional e se refere a um Pix comum (`BE08`);
         *       - `MED_FRAUDE`: quando a devolução ocorre no âmbito do MED por fundada suspeita de fraude e se refere a um Pix comum (`FR01`).
         *       - `MED_PIX_AUTOMATICO`: reembolso total ou parcial ao participante do usuário pagador no âmbito do MED (Mecanismo Especial de Devolução) para o Pix Automático pela utilização de recursos próprios para ressarcimento do usuário pagador.(`REFU`);
         *
         *     Os valores de devoluções são sempre limitados aos valores máximos a seguir:
         *     - Pix comum: o valor da devolução é limitado ao valor do próprio Pix (a natureza nesse caso pode ser: ORIGINAL, MED_OPERACIONAL ou MED_FRAUDE);
         *     - Pix Saque: o valor da devolução é limitado ao valor da retirada (a natureza nesse caso deve ser: RETIRADA); e
         *     - Pix Troco: o valor da devolução é limitado ao valor relativo à compra ou ao troco:
         *       - Quando a devolução for referente à compra, o valor limita-se ao valor da compra (a natureza nesse caso deve ser ORIGINAL); e
         *       - Quando a devolução for referente ao troco, o valor limita-se ao valor do troco (a natureza nesse caso deve ser RETIRADA).
         * @enum {string}
         */
        DevolucaoNatureza: "ORIGINAL" | "RETIRADA" | "MED_OPERACIONAL" | "MED_FRAUDE" | "MED_PIX_AUTOMATICO";
        /**
         * Natureza da Devolução
         * @description Indica qual é a natureza da devolução. Uma devolução pode ser relacionada a um Pix comum (com códigos possíveis: `MD06` e `FR01` da pacs.004 e `REFU` da pacs.008). Na ausência deste campo a natureza deve ser interpretada como
         *     sendo de um Pix comum (`ORIGINAL`).
         *
         *     As naturezas são assim definidas:
         *       - `ORIGINAL`: quando a devolução é solicitada pelo usuário recebedor e se refere a um Pix comum (`MD06`);
         *       - `MED_FRAUDE`: quando a devolução ocorre no âmbito do MED (Mecanismo Especial de Devolução) por fundada suspeita de fraude e se refere a um Pix comum (`FR01`).
         *       - `MED_PIX_AUTOMATICO`: reembolso total ou parcial ao participante do usuário pagador no âmbito do MED (Mecanismo Especial de Devolução) para o Pix Automático pela utilização de recursos próprios para ressarcimento do usuário pagador.(`REFU`);
         *
         *     Os valores de devoluções são sempre limitados aos valores máximos a seguir:
         *     - Pix comum: o valor da devolução é limitado ao valor do próprio Pix (a natureza nesse caso pode ser: ORIGINAL, MED_PIX_AUTOMATICO ou MED_FRAUDE);
         * @enum {string}
         */
        DevolucaoNaturezaPixAutomatico: "ORIGINAL" | "MED_PIX_AUTOMATICO" | "MED_FRAUDE";
        /**
         * Id da location
         * Format: int64
         * @description Identificador da location a ser informada na criação da cobrança .
         */
        PayloadLocationId: number;
        /**
         * Id da location
         * Format: int64
         * @description Identificador da location a ser informada na criação de uma recorrência .
         */
        PayloadLocationRecId: number;
        /**
         * Revisão
         * Format: int32
         * @description # O campo `revisao`
         *
         *     Denota a revisão da cobrança.  Sempre começa em zero. Sempre varia em acréscimos de 1.
         *
         *     O incremento em uma cobrança deve ocorrer sempre que um objeto da cobrança em questão for alterado.
         *     O campo `loc` é uma exceção a esta regra.
         *
         *     Se em uma determinada alteração em uma cobrança, o único campo alterado for o campo `loc`,
         *     então esta operação não incrementa a revisão da cobrança.
         *
         *     O campo `loc` não ocasiona uma alteração na cobrança em si.
         *     Não é necessário armazenar histórico das alterações do campo `loc` para uma determinada cobrança.
         *     Para os outros campos da cobrança, registra-se histórico.
         */
        Revisao: number;
        /** Pessoa Física */
        PessoaFisica: {
            /**
             * CPF
             * @description CPF do usuário.
             */
            cpf: string;
            /**
             * Nome
             * @description Nome do usuário.
             */
            nome: string;
        };
        /** Pessoa Jurídica */
        PessoaJuridica: {
            /**
             * CNPJ
             * @description CNPJ do usuário.
             */
            cnpj: string;
            /**
             * Nome
             * @description Nome do usuário.
             */
            nome: string;
        };
        /** Pessoa Física */
        PessoaFisicaRecorrencia: {
            /**
             * CPF
             * @description CPF do usuário.
             */
            cpf: string;
            /**
             * Nome
             * @description Nome do usuário.
             */
            nome: string;
        };
        /** Pessoa Jurídica */
        PessoaJuridicaRecorrencia: {
            /**
             * CNPJ
             * @description CNPJ do usuário.
             */
            cnpj: string;
            /**
             * Nome
             * @description Nome do usuário.
             */
            nome: string;
        };
        /** Pessoa Física */
        CPF: {
            /**
             * CPF
             * @description CPF do usuário.
             */
            cpf: string;
        };
        /** Pessoa Jurídica */
        CNPJ: {
            /**
             * CNPJ
             * @description CNPJ do usuário.
             */
            cnpj: string;
        };
        DadosComplementaresPessoa: {
            /**
             * Logradouro
             * @description Logradouro do usuário.
             */
            logradouro?: string;
            /**
             * Cidade
             * @description Cidade do usuário.
             */
            cidade?: string;
            /**
             * UF
             * @description UF do usuário.
             */
            uf?: string;
            /**
             * CEP
             * @description CEP do usuário.
             */
            cep?: string;
        };
        DadosDevedor: {
            /** @description O objeto devedor organiza as informações sobre o devedor da cobrança. */
            devedor?: ({
                /**
                 * Email
                 * @description Email do usuário.
                 */
                email?: string;
            } & components["schemas"]["DadosComplementaresPessoa"]) & (components["schemas"]["PessoaFisica"] | components["schemas"]["PessoaJuridica"]);
        };
        DadosDevedorRecorrencia: {
            /** @description O objeto devedor organiza as informações sobre o devedor da recorrência. */
            devedor?: {
                /**
                 * Email
                 * @description Email do usuário.
                 */
                email?: string;
            } & components["schemas"]["DadosComplementaresPessoa"];
        };
        DadosRecebedor: {
            /** @description O objeto recebedor organiza as informações sobre o credor da cobrança. */
            recebedor?: (unknown & components["schemas"]["DadosComplementaresPessoa"]) & (components["schemas"]["PessoaFisica"] | (components["schemas"]["PessoaJuridica"] & {
                /**
                 * Nome fantasia
                 * @description Nome fantasia.
                 */
                nomeFantasia?: string;
            }));
        };
        DadosBancarios: {
            /**
             * Conta do Usuário Pagador
             * @description Número da conta do usuário pagador.
             */
            conta: string;
            /**
             * ISPB do usuário pagador.
             * @description ISPB do usuário pagador.
             */
            ispbParticipante: string;
            /**
             * Agência do Usuário Pagador
             * @description Número da agência do usuário pagador.
             */
            agencia?: string;
        };
        DadosBancariosRecebedor: {
            /** @description Número da conta do usuário recebedor. */
            conta: string;
            /**
             * Tipo da conta do usuário recebedor
             * @description Tipo da conta do usuário recebedor.
             * @enum {string}
             */
            tipoConta: "CORRENTE" | "POUPANCA" | "PAGAMENTO";
            /** @description Número da agência do usuário recebedor. */
            agencia?: string;
        };
        /** Dados do Pagador */
        DadosPagadorRec: {
            pagador?: ({
                /**
                 * ISPB do PSP pagador.
                 * @description ISPB do PSP pagador.
                 */
                ispbParticipante?: string;
            } & {
                /**
                 * Código do município
                 * @description Código baseado na Tabela de Códigos de Municípios do __[IBGE](https://www.ibge.gov.br/explica/codigos-dos-municipios.php)__ que apresenta a lista dos municípios brasileiros associados a um código composto de 7 dígitos, sendo os dois primeiros referentes ao código da Unidade da Federação.
                 */
                codMun?: string;
            }) & (components["schemas"]["CPF"] | components["schemas"]["CNPJ"]);
        };
        /** Webhook */
        WebhookSolicitado: {
            /**
             * Format: uri
             * @example https://pix.example.com/api/webhook/
             */
            webhookUrl: string;
        };
        /** Webhook */
        WebhookCompleto: {
            /**
             * Format: uri
             * @example https://pix.example.com/api/webhook/
             */
            webhookUrl: string;
            /**
             * CNPJ
             * @description Filtro pelo CNPJ do devedor. Não pode ser utilizado ao mesmo tempo que o CPF.
             */
            cnpj: string;
            /**
             * Data de Criação
             * Format: date-time
             * @description Data e hora em que o webhook foi cadastrado. Respeita RFC 3339.
             */
            readonly criacao: string;
        };
        /** Webhook Base */
        WebhookRecBase: {
            /**
             * URL Webhook
             * Format: uri
             * @example https://pix.example.com/api/webhookrec/
             */
            webhookUrl: string;
        };
        /** Webhook Base */
        WebhookRecCompleto: {
            /**
             * URL Webhook
             * Format: uri
             * @example https://pix.example.com/api/webhookrec/
             */
            webhookUrl: string;
            /**
             * Data de Criação
             * Format: date-time
             * @description Data e hora em que o webhook foi cadastrado. Respeita RFC 3339.
             */
            readonly criacao?: string;
        };
        /** Webhook Base */
        WebhookCobRCompleto: {
            /**
             * URL Webhook
             * Format: uri
             * @example https://pix.example.com/api/webhookrec/
             */
            webhookUrl: string;
            /**
             * Data de Criação
             * Format: date-time
             * @description Data e hora em que o webhook foi cadastrado. Respeita RFC 3339.
             */
            readonly criacao?: string;
        };
        /** Informações de Agência e Conta */
        InfoBaseAgenciaConta: {
            /**
             * Agência
             * @description Número da agência do usuário.
             */
            agencia: string;
            /**
             * Conta Corrente
             * @description Número da conta do usuário.
             */
            conta: string;
        };
        /** Informação de Chave DICT */
        InfoBaseChave: {
            /**
             * Tipo do Objeto
             * @enum {string}
             */
            tipo: "pix";
            /**
             * Chave DICT do recebedor
             * @description # Formato do campo chave
             *
             *     * O campo chave determina a chave Pix registrada no DICT que será utilizada para a cobrança. Essa chave será lida pelo aplicativo do PSP do pagador para consulta ao DICT, que retornará a informação que identificará o recebedor da cobrança.
             *     * Os tipos de chave podem ser: telefone, e-mail, cpf/cnpj ou EVP.
             *     * O formato das chaves pode ser encontrado na seção "Formatação das chaves do DICT no BR Code" do [Manual de Padrões para iniciação do Pix](https://www.bcb.gov.br/estabilidadefinanceira/pix).
             */
            chave: string;
        };
        /** Webhook Solicitado */
        WebhookRecSolicitado: components["schemas"]["WebhookRecBase"];
        /** Webhook Base */
        WebhookCobRSolicitado: {
            /**
             * URL Webhook
             * Format: uri
             * @example https://pix.example.com/api/webhookrec/
             */
            webhookUrl: string;
        };
        /** Expiração */
        CobExpiracao: {
            /**
             * Tempo de vida da cobrança, especificado em segundos.
             * Format: int32
             * @description Tempo de vida da cobrança, especificado em segundos a partir da data de criação (Calendario.criacao)
             * @default 86400
             * @example 3600
             */
            expiracao: number;
        };
        /** Data de Vencimento */
        CobDataDeVencimento: {
            /**
             * Data de vencimento da cobrança
             * Format: date
             * @description Trata-se de uma data, no formato `YYYY-MM-DD`, segundo ISO 8601. É a data de vencimento da cobrança. A cobrança pode ser honrada até esse dia, inclusive, em qualquer horário do dia.
             * @example 2020-04-01
             */
            dataDeVencimento: string;
            /**
             * Validade após vencimento
             * Format: int32
             * @description Trata-se da quantidade de dias corridos após calendario.dataDeVencimento,
             *     em que a cobrança poderá ser paga.
             *
             *     Sempre que a data de vencimento cair em um fim de semana ou em um feriado para o usuário pagador,
             *      ela deve ser automaticamente prorrogada para o primeiro dia útil subsequente. Todos os campos
             *      que façam referência a esta data (`validadeAposVencimento`; `desconto`; `juros` e `multa`) devem assumir
             *      essa prorrogação, quando for o caso.
             *
             *     Para ilustrar o funcionamento, seguem alguns exemplos, onde:
             *     - ``(#)`` representa a data de vencimento;
             *     - ``(*)`` representa a data ajustada em função de dias não úteis;
             *     - os ``(<número>)`` correspondem aos dias adicionais de validade para o pagamento.
             *
             *     Exemplo A:
             *
             *     ```txt
             *     dataDeVencimento: 2020-10-20, terça-feira.
             *     validadeAposVencimento: 4
             *
             *     Tenta-se pagar no dia 2020-10-20, terça: aceito. (#)(*)
             *     Tenta-se pagar no dia 2020-10-21, quarta: aceito. (1)
             *     Tenta-se pagar no dia 2020-10-22, quinta: aceito. (2)
             *     Tenta-se pagar no dia 2020-10-23, sexta: aceito. (3)
             *     Tenta-se pagar no dia 2020-10-24, sábado: aceito.
             *     Tenta-se pagar no dia 2020-10-25, domingo: aceito. (Feriado)
             *     Tenta-se pagar no dia 2020-10-26, segunda: aceito. (4)
             *     Tenta-se pagar no dia 2020-10-27, terça: negado.
             *     ```
             *
             *     Exemplo B:
             *
             *     ```txt
             *     dataDeVencimento: 2020-12-25, sexta-feira, feriado.
             *     validadeAposVencimento: 0
             *
             *     Tenta-se pagar no dia 2020-12-25, sexta: aceito. (#)(Feriado)
             *     Tenta-se pagar no dia 2020-12-26, sábado: aceito.
             *     Tenta-se pagar no dia 2020-12-27, domingo: aceito.
             *     Tenta-se pagar no dia 2020-12-28, segunda: aceito. (*)
             *     Tenta-se pagar no dia 2020-12-29, terça: negado.
             *     ```
             *
             *     Exemplo C:
             *
             *     ```txt
             *     dataDeVencimento: 2020-12-25, sexta-feira, feriado.
             *     validadeAposVencimento: 1
             *
             *     Tenta-se pagar no dia 2020-12-25, sexta: aceito. (#)(Feriado)
             *     Tenta-se pagar no dia 2020-12-26, sábado: aceito.
             *     Tenta-se pagar no dia 2020-12-27, domingo: aceito.
             *     Tenta-se pagar no dia 2020-12-28, segunda: aceito. (*)
             *     Tenta-se pagar no dia 2020-12-29, terça: aceito. (1)
             *     Tenta-se pagar no dia 2020-12-30, quarta: negado.
             *     ```
             *
             *     Exemplo D:
             *
             *     ```txt
             *     dataDeVencimento: 2020-12-25, sexta-feira, feriado.
             *     validadeAposVencimento: 3
             *
             *     Tenta-se pagar no dia 2020-12-25, sexta: aceito. (#)(Feriado)
             *     Tenta-se pagar no dia 2020-12-26, sábado: aceito.
             *     Tenta-se pagar no dia 2020-12-27, domingo: aceito.
             *     Tenta-se pagar no dia 2020-12-28, segunda: aceito. (*)
             *     Tenta-se pagar no dia 2020-12-29, terça: aceito. (1)
             *     Tenta-se pagar no dia 2020-12-30, quarta: aceito. (2)
             *     Tenta-se pagar no dia 2020-12-31, quinta: aceito. (3)
             *     Tenta-se pagar no dia 2021-01-01, sexta: negado.
             *     ```
             *
             *     Exemplo E:
             *
             *     ```txt
             *     dataDeVencimento: 2020-12-25, sexta-feira, feriado.
             *     validadeAposVencimento: 4
             *
             *     Tenta-se pagar no dia 2020-12-25, sexta: aceito. (#)(Feriado)
             *     Tenta-se pagar no dia 2020-12-26, sábado: aceito.
             *     Tenta-se pagar no dia 2020-12-27, domingo: aceito.
             *     Tenta-se pagar no dia 2020-12-28, segunda: aceito. (*)
             *     Tenta-se pagar no dia 2020-12-29, terça: aceito. (1)
             *     Tenta-se pagar no dia 2020-12-30, quarta: aceito. (2)
             *     Tenta-se pagar no dia 2020-12-31, quinta: aceito. (3)
             *     Tenta-se pagar no dia 2021-01-01, sexta: aceito. (Feriado)
             *     Tenta-se pagar no dia 2021-01-02, sábado: aceito.
             *     Tenta-se pagar no dia 2021-01-03, domingo: aceito.
             *     Tenta-se pagar no dia 2021-01-04, segunda: aceito. (4)
             *     Tenta-se pagar no dia 2021-01-05, terça: negado.
             *     ```
             *
             *     Exemplo F:
             *
             *     ```txt
             *     dataDeVencimento: 2021-08-27, sexta-feira.
             *     validadeAposVencimento: 5
             *
             *     Tenta-se pagar no dia 2021-08-27, sexta: aceito. (#)(*)
             *     Tenta-se pagar no dia 2021-08-28, sábado: aceito. (1)
             *     Tenta-se pagar no dia 2021-08-29, domingo: aceito. (2)
             *     Tenta-se pagar no dia 2021-08-30, segunda: aceito. (3)
             *     Tenta-se pagar no dia 2021-08-31, terça: aceito. (4)
             *     Tenta-se pagar no dia 2021-09-01, quarta: aceito. (5)
             *     Tenta-se pagar no dia 2021-09-02, quinta: negado.
             *     ```
             *
             *     Exemplo G:
             *
             *     ```txt
             *     dataDeVencimento: 2021-08-28, sábado.
             *     validadeAposVencimento: 5
             *
             *     Tenta-se pagar no dia 2021-08-28, sábado: aceito. (#)
             *     Tenta-se pagar no dia 2021-08-29, domingo: aceito.
             *     Tenta-se pagar no dia 2021-08-30, segunda: aceito. (*)
             *     Tenta-se pagar no dia 2021-08-31, terça: aceito. (1)
             *     Tenta-se pagar no dia 2021-09-01, quarta: aceito. (2)
             *     Tenta-se pagar no dia 2021-09-02, quinta: aceito. (3)
             *     Tenta-se pagar no dia 2021-09-03, sexta: aceito. (4)
             *     Tenta-se pagar no dia 2021-09-04, sabado: aceito.
             *     Tenta-se pagar no dia 2021-09-05, domingo: aceito.
             *     Tenta-se pagar no dia 2021-09-06, segunda: aceito. (5)
             *     ```
             * @default 30
             */
            validadeAposVencimento: number;
        };
        /** Apresentação */
        CobApresentacao: {
            /**
             * Timestamp de apresentação do QR Code
             * Format: date-time
             * @description Timestamp que indica o momento em que o payload JSON que representa a cobrança foi recuperado. Ou seja, idealmente, é o momento em que o usuário realizou a captura do QR Code para verificar os dados de pagamento. Respeita o formato definido na RFC 3339.
             */
            apresentacao: string;
        };
        /** Criação */
        CobCriacao: {
            /**
             * Data de Criação
             * Format: date-time
             * @description Timestamp que indica o momento em que foi criada a cobrança. Respeita o formato definido na RFC 3339.
             */
            criacao: string;
        };
        /**
         * Valor da cobrança com vencimento
         * @description Valores monetários.
         */
        CobVValor: {
            /**
             * Valor
             * @description Valor original da cobrança.
             */
            original?: string;
            /**
             * Multa aplicada
             * @description Multa aplicada à cobrança
             */
            multa?: {
                /**
                 * Modalidade da multa
                 * Format: int32
                 * @description ##### Modalidade da multa, conforme tabela de domínios.
                 *     <table><tr><th>Descrição</th><th>Domínio</th></tr><tr><td>Valor Fixo</td><td>1</td></tr><tr><td>Percentual</td><td>2</td></tr></table>
                 */
                modalidade: number;
                /**
                 * Valor da multa absoluta
                 * @description Multa do documento em valor absoluto ou percentual, conforme "valor.multa.modalidade".
                 */
                valorPerc: string;
            };
            /**
             * Juro aplicado
             * @description Juro aplicado à cobrança
             */
            juros?: {
                /**
                 * Modalidade de juros
                 * Format: int32
                 * @description ##### Modalidade de juros, conforme tabela de domínios.
                 *     <table><tr><th>Descrição</th><th>Domínio</th></tr><tr><td>Valor (dias corridos)</td><td>1</td></tr><tr><td>Percentual ao dia (dias corridos)</td><td>2</td></tr><tr><td>Percentual ao mês (dias corridos)</td><td>3</td></tr><tr><td>Percentual ao ano (dias corridos)</td><td>4</td></tr><tr><td>Valor (dias úteis)</td><td>5</td></tr><tr><td>Percentual ao dia (dias úteis)</td><td>6</td></tr><tr><td>Percentual ao mês (dias úteis)</td><td>7</td></tr><tr><td>Percentual ao ano (dias úteis)</td><td>8</td></tr></table>
                 */
                modalidade: number;
                /** Valor */
                valorPerc: string;
            };
            /**
             * Abatimento aplicado
             * @description Abatimento aplicado à cobrança
             */
            abatimento?: {
                /**
                 * Modalidade de abatimentos
                 * Format: int32
                 * @description ##### Modalidade de abatimentos, conforme tabela de domínios.
                 *     <table><tr><th>Descrição</th><th>Domínio</th></tr><tr><td>Valor Fixo</td><td>1</td></tr><tr><td>Percentual</td><td>2</td></tr></table>
                 */
                modalidade: number;
                /**
                 * Abatimentos
                 * @description Abatimentos ou outras deduções aplicadas ao documento, em valor absoluto ou percentual do valor original do documento.
                 */
                valorPerc: string;
            };
            /**
             * Descontos aplicados
             * @description Descontos aplicados à cobrança
             */
            desconto?: {
                /**
                 * Modalidade de descontos
                 * Format: int32
                 * @description ##### Modalidade de desconto, conforme tabela de domínios.
                 *     <table><tr><th>Descrição</th><th>Domínio</th></tr><tr><td>Valor Fixo até a[s] data[s] informada[s]</td><td>1</td></tr><tr><td>Percentual até a data informada</td><td>2</td></tr><tr><td>Valor por antecipação dia corrido</td><td>3</td></tr><tr><td>Valor por antecipação dia útil</td><td>4</td></tr><tr><td>Percentual por antecipação dia corrido</td><td>5</td></tr><tr><td>Percentual por antecipação dia útil</td><td>6</td></tr></table>
                 */
                modalidade: number;
            } & ({
                /**
                 * Lista de Descontos
                 * @description Descontos absolutos aplicados à cobrança.
                 */
                descontoDataFixa?: ({
                    /**
                     * Data limite para o desconto absoluto da cobrança
                     * Format: date
                     * @description Descontos por pagamento antecipado, com data fixa. Matriz com até três elementos, sendo que cada elemento é composto por um par "data e valorPerc", para estabelecer descontos percentuais ou absolutos, até aquela data de pagamento. Trata-se de uma data, no formato `YYYY-MM-DD`, segundo ISO 8601. A data de desconto obrigatoriamente deverá ser menor ou igual à data de vencimento da cobrança.
                     * @example 2020-04-01
                     */
                    data: string;
                } & {
                    /**
                     * Valor do desconto absoluto
                     * @description Desconto em valor absoluto ou percentual por dia, útil ou corrido, conforme valor.desconto.modalidade
                     */
                    valorPerc: string;
                })[];
            } | {
                /**
                 * Abatimentos
                 * @description Abatimentos ou outras deduções aplicadas ao documento, em valor absoluto ou percentual do valor original do documento.
                 */
                valorPerc: string;
            });
        };
        /**
         * Valor da cobrança imediata
         * @description valores monetários referentes à cobrança.
         */
        CobValor: {
            /**
             * Valor
             * @description Valor original da cobrança.
             */
            original?: string;
            /**
             * Modalidade de alteração
             * Format: int32
             * @description Trata-se de um campo que determina se o valor final do documento pode ser alterado pelo pagador. Na ausência desse campo, assume-se que não se pode alterar o valor do documento de cobrança, ou seja, assume-se o valor 0. Se o campo estiver presente e com valor 1, então está determinado que o valor final da cobrança pode ter seu valor alterado pelo pagador.
             */
            modalidadeAlteracao?: number;
            /**
             * Informações de retirada
             * @description É uma estrutura opcional relacionada ao conceito de recebimento de numerário. Apenas um agrupamento por vez é permitido, quando há `saque` não há `troco` e vice-versa.
             *
             *     Quando uma cobrança imediata tem uma estrutura de `retirada` ela deixa de ser considerada Pix comum e passa à categoria de Pix Saque ou Pix Troco.
             *
             *     Para que o preenchimento do objeto `retirada` seja considerado válido as seguintes regras se aplicam:
             *     - os campos `modalidadeAgente` e `prestadorDoServicoDeSaque` são de **preenchimento obrigatório**;
             *     - quando o `saque` estiver presente a cobrança deve respeitar as seguintes condições:
             *       - O campo `valor.original` deve ser preenchido com **valor igual a 0.00 (zero)**;
             *       - O campo `valor.modalidadeAlteracao` deve possuir o valor 0 (zero) explicitamente, ou implicitamente (pelo não preenchimento).
             *     - quando o `troco` estiver presente a cobrança deve respeitar as seguintes condições:
             *       - O campo `valor.original` deve ser preenchido com **valor maior que 0.00 (zero)**;
             *       - O campo `valor.modalidadeAlteracao` deve possuir o valor 0 (zero) explicitamente, ou implicitamente (pelo não preenchimento).
             *
             *     **IMPORTANTE**: Quando usados o `saque` ou `troco` não será permitida a alteração do `valor.original` recebido. Na presença de `saque` ou `troco` o recebimento do campo `valor.modalidadeAlteracao` com valor 1 (um) é considerado erro.
             *
             *     #### Exemplos válidos:
             *     Considerando os campos da estrutura `valor` e o predicado 'presente' cujo resultado é verdade quando a estrutura apontada é encontrada temos:
             *     - **uma cobrança com valor fixo** (condições: valor.original > 0 && valor.modalidadeAlteração = 0 && !presente(valor.retirada))
             *       ```
             *       ...
             *       "valor": {
             *         "original": "10.00"
             *       },
             *       ...
             *       ```
             *     - **uma cobrança com valor alterável** (condições: valor.original >= 0.00 && modalidadeAlteração = 1 && !presente(valor.retirada))
             *       ```
             *       ...
             *       "valor": {
             *         "original": "10.00",
             *         "modalidadeAlteracao": 1
             *       },
             *       ```
             *     - **saque com valor fixo** (condições: valor.original = 0.00 && valor.modalidadeAlteração = 0 && presente(valor.retirada.saque) && valor.retirada.saque.valor > 0 && valor.retirada.saque.modalidadeAlteracao = 0)
             *       ```
             *       ...
             *       "valor": {
             *         "original": "0.00",
             *         "retirada": {
             *           "saque": {
             *             "valor": "5.00",
             *             "modalidadeAgente": "AGPSS",
             *             "prestadorDoServicoDeSaque": "12345678"
             *           }
             *         }
             *       },
             *       ...
             *       ```
             *     - **saque com valor alterável** (condições: valor.original = 0.00 && valor.modalidadeAlteração = 0 && presente(valor.retirada.saque) && valor.retirada.saque.valor >= 0 && valor.retirada.saque.modalidadeAlteracao = 1)
             *       ```
             *       ...
             *       "valor": {
             *         "original": "0.00",
             *         "retirada": {
             *           "saque": {
             *             "valor": "5.00",
             *             "modalidadeAlteracao": 1,
             *             "modalidadeAgente": "AGPSS",
             *             "prestadorDoServicoDeSaque": "12345678"
             *           }
             *         }
             *       },
             *       ...
             *       ```
             *     - **cobrança com troco fixo** (condições: valor.original > 0.00 && valor.modalidadeAlteração = 0 && presente(valor.retirada.troco) && valor.retirada.troco.valor > 0 && valor.retirada.troco.modalidadeAlteracao = 0)
             *       ```
             *       ...
             *       "valor": {
             *         "original": "10.00",
             *         "retirada": {
             *           "troco": {
             *             "valor": "5.00",
             *             "modalidadeAgente": "AGTEC",
             *             "prestadorDoServicoDeSaque": "12345678"
             *           }
             *         }
             *       },
             *       ...
             *       ```
             *     - **cobrança com troco alterável** (condições: valor.original > 0.00 && valor.modalidadeAlteração = 0 && presente(valor.retirada.troco) && valor.retirada.troco.valor >= 0 && valor.retirada.troco.modalidadeAlteracao = 1)
             *       ```
             *       ...
             *         "valor": {
             *           "original": "10.00",
             *           "retirada": {
             *             "troco": {
             *               "valor": "0.00",
             *               "modalidadeAlteracao": 1,
             *               "modalidadeAgente": "AGTEC",
             *               "prestadorDoServicoDeSaque": "12345678"
             *             }
             *           }
             *         },
             *       ...
             *       ```
             *     #### Exemplos inválidos:
             *     Abaixo alguns exemplos que **não são válidos**. Convém observar que esta listagem não tem pretensão de ser completa, sendo tão somente uma referência para alguns erros possíveis.
             *     - **saque sem `modalidadeAgente` e `prestadorDoServicoDeSaque`**
             *       ```
             *       ...
             *       "valor": {
             *         "original": "0.00",
             *         "retirada": {
             *           "saque": {
             *             "valor": "5.00"
             *           }
             *         }
             *       },
             *       ...
             *       ```
             *     - **cobrança com saque e troco juntos** (não pode ter os dois ao mesmo tempo)
             *       ```
             *       ...
             *       "valor": {
             *         "original": "100.00",
             *         "retirada": {
             *           "saque": {
             *             "valor": "50.00",
             *             "modalidadeAgente": "AGPSS",
             *             "prestadorDoServicoDeSaque": "12345678"
             *           },
             *           "troco": {
             *             "valor": "30.00",
             *             "modalidadeAgente": "AGTEC",
             *             "prestadorDoServicoDeSaque": "12345678"
             *           }
             *         }
             *       },
             *       ...
             *       ```
             *     - **saque com valor.original maior que 0.00 (zero)** (saque requer valor.original = 0.00)
             *       ```
             *       ...
             *       "valor": {
             *         "original": "10.00",
             *         "retirada": {
             *           "saque": {
             *             "valor": "5.00",
             *             "modalidadeAgente": "AGPSS",
             *             "prestadorDoServicoDeSaque": "12345678"
             *           }
             *         }
             *       },
             *       ...
             *       ```
             *     - **troco com valor.original igual a 0.00 (zero)** (para haver troco tem que haver valor.original > 0.00)
             *       ```
             *       ...
             *       "valor": {
             *         "original": "0.00",
             *         "retirada": {
             *           "troco": {
             *             "valor": "5.00",
             *             "modalidadeAgente": "AGTEC",
             *             "prestadorDoServicoDeSaque": "12345678"
             *           }
             *         }
             *       },
             *       ...
             *       ```
             *     - **saque com valor.original alterável** (não se pode alterar o valor.original na presença do saque)
             *       ```
             *       ...
             *       "valor": {
             *         "original": "0.00",
             *         "modalidadeAlteracao": 1,
             *         "retirada": {
             *           "saque": {
             *             "valor": "5.00",
             *             "modalidadeAlteracao": 1,
             *             "modalidadeAgente": "AGPSS",
             *             "prestadorDoServicoDeSaque": "12345678"
             *           }
             *         }
             *       },
             *       ...
             *       ```
             *     - **troco com valor.original alterável** (não se pode alterar o valor.original na presença do troco)
             *       ```
             *       ...
             *       "valor": {
             *         "original": "0.01",
             *         "modalidadeAlteracao": 1,
             *         "retirada": {
             *           "troco": {
             *             "valor": "5.00",
             *             "modalidadeAlteracao": 1,
             *             "modalidadeAgente": "AGTOT",
             *             "prestadorDoServicoDeSaque": "12345678"
             *           }
             *         }
             *       },
             *       ...
             *       ```
             */
            retirada?: {
                /**
                 * Saque
                 * @description Informações relacionadas ao saque
                 */
                saque?: {
                    /**
                     * Valor do saque
                     * @description Valor do saque efetuado
                     */
                    valor: string;
                    /**
                     * Modalidade de alteração do saque
                     * Format: int32
                     * @description Modalidade de alteração de valor do saque. Quando não preenchido o valor assumido é o 0 (zero).
                     * @default 0
                     */
                    modalidadeAlteracao: number;
                    /**
                     * Modalidade do Agente
                     * @description ##### Modalidade do Agente
                     *     <table><tr><th>SIGLA</th><th>Descrição</th></tr><tr><td>AGTEC</td><td>Agente Estabelecimento Comercial</td></tr><tr><td>AGTOT</td><td>Agente Outra Espécie de Pessoa Jurídica ou Correspondente no País</td></tr><tr><td>AGPSS</td><td>Agente Facilitador de Serviço de Saque (<b>ATENÇÃO</b>: no mapeamento para o campo 'modalidadeAgente', da pacs.008, esse valor deve ser substituído por <b>AGFSS</b>)</td></tr></table>
                     * @enum {string}
                     */
                    modalidadeAgente: "AGTEC" | "AGTOT" | "AGPSS";
                    /**
                     * Facilitador de Serviço de Saque
                     * @description ISPB do Facilitador de Serviço de Saque
                     */
                    prestadorDoServicoDeSaque: string;
                };
            } | {
                /**
                 * Troco
                 * @description Informações relacionadas ao troco
                 */
                troco?: {
                    /**
                     * Valor do troco
                     * @description Valor do troco efetuado
                     */
                    valor: string;
                    /**
                     * Modalidade de alteração do troco
                     * Format: int32
                     * @description Modalidade de alteração de valor do troco. Quando não preenchido o valor assumido é o 0 (zero).
                     * @default 0
                     */
                    modalidadeAlteracao: number;
                    /**
                     * Modalidade do Agente
                     * @description ##### Modalidade do Agente
                     *     <table><tr><th>SIGLA</th><th>Descrição</th></tr><tr><td>AGTEC</td><td>Agente Estabelecimento Comercial</td></tr><tr><td>AGTOT</td><td>Agente Outra Espécie de Pessoa Jurídica ou Correspondente no País</td></tr></table>
                     * @enum {string}
                     */
                    modalidadeAgente: "AGTEC" | "AGTOT";
                    /**
                     * Facilitador de Serviço de Saque
                     * @description ISPB do Facilitador de Serviço de Saque
                     */
                    prestadorDoServicoDeSaque: string;
                };
            };
        };
        /**
         * Valor da cobrança imediata retornada pelo payload
         * @description Todos os campos que indicam valores monetários obedecem ao pattern \d{1,10}\.\d{2}. O separador decimal é o caractere ponto. Não é aplicável utilizar separador de milhar. Exemplos de valores aderentes ao padrão: “1.00”, “123.99”, “123456789.23
         */
        CobPayloadValor: {
            /**
             * Valor
             * @description Valor original da cobrança.
             */
            original: string;
            /**
             * Modalidade de alteração
             * Format: int32
             * @description Trata-se de um campo que determina se o valor final do documento pode ser alterado pelo pagador. Na ausência desse campo, assume-se que não se pode alterar o valor do documento de cobrança, ou seja, assume-se o valor 0. Se o campo estiver presente e com valor 1, então está determinado que o valor final da cobrança pode ter seu valor alterado pelo pagador.
             */
            modalidadeAlteracao?: number;
            /**
             * Informações de retirada
             * @description É uma estrutura opcional relacionada ao conceito de recebimento de numerário. Apenas um agrupamento por vez é permitido, quando há `saque` não há `troco` e vice-versa.
             *
             *     Quando uma cobrança imediata tem uma estrutura de `retirada` ela deixa de ser considerada Pix comum e passa à categoria de Pix Saque ou Pix Troco.
             *
             *     Para que o preenchimento do objeto `retirada` seja considerado válido as seguintes regras se aplicam:
             *     - os campos `modalidadeAgente` e `prestadorDoServicoDeSaque` são de **preenchimento obrigatório**;
             *     - quando o `saque` estiver presente a cobrança deve respeitar as seguintes condições:
             *       - O campo `valor.original` deve ser preenchido com **valor igual a 0.00 (zero)**;
             *       - O campo `valor.modalidadeAlteracao` deve possuir o valor 0 (zero) explicitamente, ou implicitamente (pelo não preenchimento).
             *     - quando o `troco` estiver presente a cobrança deve respeitar as seguintes condições:
             *       - O campo `valor.original` deve ser preenchido com **valor maior que 0.00 (zero)**;
             *       - O campo `valor.modalidadeAlteracao` deve possuir o valor 0 (zero) explicitamente, ou implicitamente (pelo não preenchimento).
             *
             *     **IMPORTANTE**: Quando usados o `saque` ou `troco` não será permitida a alteração do `valor.original` recebido. Na presença de `saque` ou `troco` o recebimento do campo `valor.modalidadeAlteracao` com valor 1 (um) é considerado erro.
             *
             *     #### Exemplos válidos:
             *     Considerando os campos da estrutura `valor` e o predicado 'presente' cujo resultado é verdade quando a estrutura apontada é encontrada temos:
             *     - **uma cobrança com valor fixo** (condições: valor.original > 0 && valor.modalidadeAlteração = 0 && !presente(valor.retirada))
             *       ```
             *       ...
             *       "valor": {
             *         "original": "10.00"
             *       },
             *       ...
             *       ```
             *     - **uma cobrança com valor alterável** (condições: valor.original >= 0.00 && modalidadeAlteração = 1 && !presente(valor.retirada))
             *       ```
             *       ...
             *       "valor": {
             *         "original": "10.00",
             *         "modalidadeAlteracao": 1
             *       },
             *       ```
             *     - **saque com valor fixo** (condições: valor.original = 0.00 && valor.modalidadeAlteração = 0 && presente(valor.retirada.saque) && valor.retirada.saque.valor > 0 && valor.retirada.saque.modalidadeAlteracao = 0)
             *       ```
             *       ...
             *       "valor": {
             *         "original": "0.00",
             *         "retirada": {
             *           "saque": {
             *             "valor": "5.00",
             *             "modalidadeAgente": "AGPSS",
             *             "prestadorDoServicoDeSaque": "12345678"
             *           }
             *         }
             *       },
             *       ...
             *       ```
             *     - **saque com valor alterável** (condições: valor.original = 0.00 && valor.modalidadeAlteração = 0 && presente(valor.retirada.saque) && valor.retirada.saque.valor >= 0 && valor.retirada.saque.modalidadeAlteracao = 1)
             *       ```
             *       ...
             *       "valor": {
             *         "original": "0.00",
             *         "retirada": {
             *           "saque": {
             *             "valor": "5.00",
             *             "modalidadeAlteracao": 1,
             *             "modalidadeAgente": "AGPSS",
             *             "prestadorDoServicoDeSaque": "12345678"
             *           }
             *         }
             *       },
             *       ...
             *       ```
             *     - **cobrança com troco fixo** (condições: valor.original > 0.00 && valor.modalidadeAlteração = 0 && presente(valor.retirada.troco) && valor.retirada.troco.valor > 0 && valor.retirada.troco.modalidadeAlteracao = 0)
             *       ```
             *       ...
             *       "valor": {
             *         "original": "10.00",
             *         "retirada": {
             *           "troco": {
             *             "valor": "5.00",
             *             "modalidadeAgente": "AGTEC",
             *             "prestadorDoServicoDeSaque": "12345678"
             *           }
             *         }
             *       },
             *       ...
             *       ```
             *     - **cobrança com troco alterável** (condições: valor.original > 0.00 && valor.modalidadeAlteração = 0 && presente(valor.retirada.troco) && valor.retirada.troco.valor >= 0 && valor.retirada.troco.modalidadeAlteracao = 1)
             *       ```
             *       ...
             *         "valor": {
             *           "original": "10.00",
             *           "retirada": {
             *             "troco": {
             *               "valor": "0.00",
             *               "modalidadeAlteracao": 1,
             *               "modalidadeAgente": "AGTEC",
             *               "prestadorDoServicoDeSaque": "12345678"
             *             }
             *           }
             *         },
             *       ...
             *       ```
             *     #### Exemplos inválidos:
             *     Abaixo alguns exemplos que **não são válidos**. Convém observar que esta listagem não tem pretensão de ser completa, sendo tão somente uma referência para alguns erros possíveis.
             *     - **saque sem `modalidadeAgente` e `prestadorDoServicoDeSaque`**
             *       ```
             *       ...
             *       "valor": {
             *         "original": "0.00",
             *         "retirada": {
             *           "saque": {
             *             "valor": "5.00"
             *           }
             *         }
             *       },
             *       ...
             *       ```
             *     - **cobrança com saque e troco juntos** (não pode ter os dois ao mesmo tempo)
             *       ```
             *       ...
             *       "valor": {
             *         "original": "100.00",
             *         "retirada": {
             *           "saque": {
             *             "valor": "50.00",
             *             "modalidadeAgente": "AGPSS",
             *             "prestadorDoServicoDeSaque": "12345678"
             *           },
             *           "troco": {
             *             "valor": "30.00",
             *             "modalidadeAgente": "AGTEC",
             *             "prestadorDoServicoDeSaque": "12345678"
             *           }
             *         }
             *       },
             *       ...
             *       ```
             *     - **saque com valor.original maior que 0.00 (zero)** (saque requer valor.original = 0.00)
             *       ```
             *       ...
             *       "valor": {
             *         "original": "10.00",
             *         "retirada": {
             *           "saque": {
             *             "valor": "5.00",
             *             "modalidadeAgente": "AGPSS",
             *             "prestadorDoServicoDeSaque": "12345678"
             *           }
             *         }
             *       },
             *       ...
             *       ```
             *     - **troco com valor.original igual a 0.00 (zero)** (para haver troco tem que haver valor.original > 0.00)
             *       ```
             *       ...
             *       "valor": {
             *         "original": "0.00",
             *         "retirada": {
             *           "troco": {
             *             "valor": "5.00",
             *             "modalidadeAgente": "AGTEC",
             *             "prestadorDoServicoDeSaque": "12345678"
             *           }
             *         }
             *       },
             *       ...
             *       ```
             *     - **saque com valor.original alterável** (não se pode alterar o valor.original na presença do saque)
             *       ```
             *       ...
             *       "valor": {
             *         "original": "0.00",
             *         "modalidadeAlteracao": 1,
             *         "retirada": {
             *           "saque": {
             *             "valor": "5.00",
             *             "modalidadeAlteracao": 1,
             *             "modalidadeAgente": "AGPSS",
             *             "prestadorDoServicoDeSaque": "12345678"
             *           }
             *         }
             *       },
             *       ...
             *       ```
             *     - **troco com valor.original alterável** (não se pode alterar o valor.original na presença do troco)
             *       ```
             *       ...
             *       "valor": {
             *         "original": "0.01",
             *         "modalidadeAlteracao": 1,
             *         "retirada": {
             *           "troco": {
             *             "valor": "5.00",
             *             "modalidadeAlteracao": 1,
             *             "modalidadeAgente": "AGTOT",
             *             "prestadorDoServicoDeSaque": "12345678"
             *           }
             *         }
             *       },
             *       ...
             *       ```
             */
            retirada?: {
                /**
                 * Saque
                 * @description Informações relacionadas ao saque
                 */
                saque?: {
                    /**
                     * Valor do saque
                     * @description Valor do saque efetuado
                     */
                    valor: string;
                    /**
                     * Modalidade de alteração do saque
                     * Format: int32
                     * @description Modalidade de alteração de valor do saque. Quando não preenchido o valor assumido é o 0 (zero).
                     * @default 0
                     */
                    modalidadeAlteracao: number;
                    /**
                     * Modalidade do Agente
                     * @description ##### Modalidade do Agente
                     *     <table><tr><th>SIGLA</th><th>Descrição</th></tr><tr><td>AGTEC</td><td>Agente Estabelecimento Comercial</td></tr><tr><td>AGTOT</td><td>Agente Outra Espécie de Pessoa Jurídica ou Correspondente no País</td></tr><tr><td>AGPSS</td><td>Agente Facilitador de Serviço de Saque (<b>ATENÇÃO</b>: no mapeamento para o campo 'modalidadeAgente', da pacs.008, esse valor deve ser substituído por <b>AGFSS</b>)</td></tr></table>
                     * @enum {string}
                     */
                    modalidadeAgente: "AGTEC" | "AGTOT" | "AGPSS";
                    /**
                     * Facilitador de Serviço de Saque
                     * @description ISPB do Facilitador de Serviço de Saque
                     */
                    prestadorDoServicoDeSaque: string;
                };
            } | {
                /**
                 * Troco
                 * @description Informações relacionadas ao troco
                 */
                troco?: {
                    /**
                     * Valor do troco
                     * @description Valor do troco efetuado
                     */
                    valor: string;
                    /**
                     * Modalidade de alteração do troco
                     * Format: int32
                     * @description Modalidade de alteração de valor do troco. Quando não preenchido o valor assumido é o 0 (zero).
                     * @default 0
                     */
                    modalidadeAlteracao: number;
                    /**
                     * Modalidade do Agente
                     * @description ##### Modalidade do Agente
                     *     <table><tr><th>SIGLA</th><th>Descrição</th></tr><tr><td>AGTEC</td><td>Agente Estabelecimento Comercial</td></tr><tr><td>AGTOT</td><td>Agente Outra Espécie de Pessoa Jurídica ou Correspondente no País</td></tr></table>
                     * @enum {string}
                     */
                    modalidadeAgente: "AGTEC" | "AGTOT";
                    /**
                     * Facilitador de Serviço de Saque
                     * @description ISPB do Facilitador de Serviço de Saque
                     */
                    prestadorDoServicoDeSaque: string;
                };
            };
        };
        /**
         * Valor da cobrança com vencimento calculada retornada pelo payload
         * @description Todos os campos que indicam valores monetários obedecem ao pattern \d{1,10}\.\d{2}. O separador decimal é o caractere ponto. Não é aplicável utilizar separador de milhar. Exemplos de valores aderentes ao padrão: “1.00”, “123.99”, “123456789.23
         */
        CobVPayloadValor: {
            /**
             * Valor
             * @description Valor original da cobrança.
             */
            original?: string;
            /**
             * Multa aplicada
             * @description Multa aplicada à cobrança
             */
            multa?: string;
            /**
             * Juro aplicado
             * @description Juro aplicado à cobrança
             */
            juros?: string;
            /**
             * Abatimento aplicado
             * @description Abatimento aplicado à cobrança
             */
            abatimento?: string;
            /**
             * Desconto aplicado
             * @description Descontos aplicados à cobrança
             */
            desconto?: string;
            /**
             * Valor final
             * @description Valor final da cobrança.
             */
            final: string;
        };
        /**
         * Recorrência Completa
         * @description Atributos de Configuração de Recorrência
         */
        RecCompleta: {
            idRec?: components["schemas"]["RecId"];
        } & components["schemas"]["RecBase"] & {
            recebedor: {
                /**
                 * Convênio
                 * @description Convênio entre usuário e participante recebedor.
                 */
                convenio?: string;
            } & components["schemas"]["PessoaJuridicaRecorrencia"];
        } & components["schemas"]["DadosPagadorRec"] & WithRequired<components["schemas"]["RecStatus"], "status"> & components["schemas"]["RecConfiguracao"] & {
            loc?: components["schemas"]["PayloadLocationRecCompleta"];
        } & components["schemas"]["RecAtualizacao"] & components["schemas"]["RecEncerramento"] & {
            /**
             * Solicitações vinculadas
             * @description Solicitações vinculadas
             */
            solicitacao?: components["schemas"]["SolicRecCompleta"][];
        } & components["schemas"]["RecAtivacao"] & {
            /**
             * Informações do QR Composto.
             * @description ##### Informações relacionadas aos parâmetros `idRec` e `txid` informados na requisição.
             *     Ao consultar uma recorrência via endpoint GET `/rec/{idRec}?txid={txid}`, o usuário recebedor pode optar pela consulta sem
             *     o `txid` ou por compor a requisição com um `txid` de uma cobrança imediata, ou cobrança com vencimento, de forma a obter o QR Composto
             *     para a jornada de interesse.
             *
             *     Os `dadosQR` retornados variam de acordo com a jornada desejada, indicada pela presença dos parâmetros de interesse, conforme a tabela abaixo:
             *     <table  >
             *     <tr><td width="15%">idRec</td><td  width="15%">txid de Cob</td><td  width="15%">txid de CobV</td><td width="100%">Conteúdo esperado</td></tr>
             *     <tr><td>X</td><td>-</td><td>-</td><td><pre>{ jornada: "JORNADA_2", pixCopiaECola: "QR Composto da recorrência" }</pre></td></tr>
             *     <tr><td>X</td><td>X</td><td>-</td><td><pre>{ jornada: "JORNADA_3", pixCopiaECola: "QR Composto da cobrança imediata + recorrência" }</pre></td></tr>
             *     <tr><td>X</td><td>-</td><td>X</td><td><pre>{ jornada: "JORNADA_4", pixCopiaECola: "QR Composto da cobrança com vencimento + recorrência" }</pre></td></tr>
             *     </table>
             *
             *     Os campos `dadosQR.jornada` e `dadosQR.pixCopiaECola` só serão retornados se as respectivas locations necessárias para a construção do QR Composto
             *     estiverem preenchidas na recorrência e na eventual cobrança, a depender da jornada desejada.
             */
            dadosQR?: {
                /**
                 * Jornada de ativação
                 * @enum {string}
                 */
                jornada?: "JORNADA_2" | "JORNADA_3" | "JORNADA_4";
                /**
                 * Pix Copia e Cola correspondente à Recorrência.
                 * @description Este campo retorna o valor do Pix Copia e Cola correspondente à recorrência. Trata-se da sequência de caracteres que representa o BR Code.
                 */
                pixCopiaECola?: string;
            };
        };
        /**
         * Recorrência Completa Pesquisada
         * @description Atributos de Configuração de Recorrência
         */
        RecCompletaPesquisada: {
            idRec?: components["schemas"]["RecId"];
        } & components["schemas"]["RecBase"] & {
            recebedor: {
                /**
                 * Convênio
                 * @description Convênio entre usuário e participante recebedor.
                 */
                convenio?: string;
            } & components["schemas"]["PessoaJuridicaRecorrencia"];
        } & components["schemas"]["DadosPagadorRec"] & WithRequired<components["schemas"]["RecStatus"], "status"> & components["schemas"]["RecConfiguracao"] & {
            loc?: components["schemas"]["PayloadLocationRecCompleta"];
        } & components["schemas"]["RecAtualizacao"] & components["schemas"]["RecEncerramento"] & {
            /**
             * Solicitações vinculadas
             * @description Solicitações vinculadas
             */
            solicitacao?: components["schemas"]["SolicRecCompleta"][];
        } & components["schemas"]["RecAtivacao"];
        /**
         * Recorrência Gerada
         * @description Atributos de Configuração de Recorrência
         */
        RecGerada: {
            idRec?: components["schemas"]["RecId"];
        } & components["schemas"]["RecBase"] & {
            recebedor: {
                /**
                 * Convênio
                 * @description Convênio entre usuário e participante recebedor.
                 */
                convenio?: string;
            } & components["schemas"]["PessoaJuridicaRecorrencia"];
        } & components["schemas"]["RecStatus"] & {
            loc?: components["schemas"]["PayloadLocationRecCompleta"];
        } & components["schemas"]["RecAtualizacao"] & components["schemas"]["RecEncerramento"] & components["schemas"]["RecAtivacao"];
        /**
         * Recorrência Solicitada
         * @description Atributos de Configuração de Recorrência
         */
        RecSolicitada: components["schemas"]["RecBase"] & {
            recebedor?: {
                /**
                 * Convênio
                 * @description Convênio entre usuário e participante recebedor.
                 */
                convenio?: string;
            };
        } & components["schemas"]["RecConfiguracao"] & {
            loc?: components["schemas"]["PayloadLocationRecId"];
        } & components["schemas"]["RecAtivacaoSolicitada"];
        /**
         * Payload da Recorrência
         * @description Atributos de Configuração de Recorrência
         */
        RecPayload: {
            idRec: components["schemas"]["RecId"];
        } & components["schemas"]["RecBase"] & {
            recebedor: {
                /**
                 * ISPB do usuário recebedor.
                 * @description ISPB do usuário recebedor.
                 */
                ispbParticipante: string;
            } & components["schemas"]["PessoaJuridicaRecorrencia"];
        } & components["schemas"]["RecConfiguracao"] & WithRequired<components["schemas"]["RecAtualizacao"], "atualizacao">;
        /**
         * Recorrência Revisada
         * @description Atributos de Revisão da Configuração de Recorrência
         */
        RecRevisada: {
            /**
             * Status do registro da recorrência
             * @enum {string}
             */
            status?: "CANCELADA";
        } & {
            vinculo?: {
                /** @description O objeto devedor organiza as informações sobre o devedor da recorrência. */
                devedor?: {
                    /**
                     * Nome
                     * @description Nome do usuário.
                     */
                    nome: string;
                } | {
                    /**
                     * Nome
                     * @description Nome do usuário.
                     */
                    nome: string;
                };
            };
        } & {
            loc?: components["schemas"]["PayloadLocationRecId"];
        } & {
            /**
             * Informações sobre calendário da recorrência
             * @description Informações sobre calendário da recorrência
             */
            calendario?: {
                /**
                 * Data estimada de primeiro pagamento.
                 * Format: date
                 * @description Trata-se de uma data, no formato `YYYY-MM-DD`, segundo ISO 8601. Data estimada de primeiro pagamento.
                 * @example 2023-04-01
                 */
                dataInicial?: string;
            };
        } & components["schemas"]["RecAtivacaoSolicitada"];
        /**
         * Recorrência Notificada
         * @description Atributos de Notificação de Recorrência
         */
        RecNotification: {
            idRec: components["schemas"]["RecId"];
        } & WithRequired<components["schemas"]["RecStatus"], "status"> & components["schemas"]["RecAtualizacao"] & components["schemas"]["RecEncerramento"] & components["schemas"]["RecAtivacao"];
        /** Dados relacionados à confirmação da ativação da recorrência. */
        RecAtivacao: {
            /**
             * Dados relacionados à confirmação da ativação da recorrência.
             * @description Dados relacionados à confirmação da ativação da recorrência.
             */
            ativacao?: {
                /**
                 * Jornada de ativação
                 * @description Dado relacionado ao caminho percorrido pelo processo de adesão a recorrência pelo usuário pagador, os valores possíveis são:
                 *       - JORNADA_1: Usuário pagador aceitou a recorrência através de notificação externa ao ecossistema
                 *       - JORNADA_2: Usuário pagador aceitou a recorrência através de leitura de QR Code de recorrência
                 *       - JORNADA_3: Usuário pagador iniciou a recorrência através de leitura de QR Code composto e pagamento de cobrança imediata. O uso desta jornada torna obrigatório o preenchimento da informação dadosJornada.txid
                 *       - JORNADA_4: Usuário pagador escolheu aderir à recorrência através de leitura de QR Code composto relacionado à cobrança com vencimento ou estática relacionada a um contrato vigente
                 *       - AGUARDANDO_DEFINICAO: Valor inicial posterior a criação e anterior a ativação da recorrência.
                 * @enum {string}
                 */
                tipoJornada: "JORNADA_1" | "JORNADA_2" | "JORNADA_3" | "JORNADA_4" | "AGUARDANDO_DEFINICAO";
                /** Dados de confirmação da jornada e início da recorrência */
                dadosJornada?: {
                    txid: components["schemas"]["TxId"];
                };
            };
        };
        /** Dados relacionados à confirmação da ativação da recorrência. */
        RecAtivacaoSolicitada: {
            /**
             * Dados relacionados à confirmação da ativação da recorrência.
             * @description Dados relacionados à confirmação da ativação da recorrência.
             */
            ativacao?: {
                /** Dados de confirmação da jornada e início da recorrência */
                dadosJornada?: {
                    txid: components["schemas"]["TxId"];
                };
            };
        };
        /** Status da Recorrência */
        RecStatus: {
            /**
             * Status do registro da recorrência
             * @enum {string}
             */
            status: "CRIADA" | "APROVADA" | "REJEITADA" | "EXPIRADA" | "CANCELADA";
        };
        /** Configuração da Recorrência */
        RecConfiguracao: {
            /**
             * Política de retentativa pós vencimento da recorrência
             * @enum {string}
             */
            politicaRetentativa: "NAO_PERMITE" | "PERMITE_3R_7D";
        };
        /** Histórico de atualização da recorrência. */
        RecAtualizacao: {
            /**
             * Histórico de Status
             * @description Histórico das mudanças de status da recorrência.
             */
            atualizacao: {
                /**
                 * Status da recorrência
                 * @description Status da recorrência.
                 * @enum {string}
                 */
                status: "CRIADA" | "APROVADA" | "REJEITADA" | "EXPIRADA" | "CANCELADA";
                /**
                 * Format: date-time
                 * @description Data e hora do registro de status atualizado. Respeita RFC 3339.
                 */
                data: string;
            }[];
        };
        /** Detalhamento do encerramento da recorrência. */
        RecEncerramento: {
            /** Detalhamento do encerramento da recorrência. */
            encerramento?: {
                /**
                 * Informações sobre a rejeição da recorrência
                 * @description Informações sobre a rejeição da recorrência
                 */
                rejeicao?: {
                    /**
                     * Código da rejeição
                     * @description Código da rejeição. Corresponde ao código de rejeição presente no catálogo de mensagens.
                     * @enum {string}
                     */
                    codigo: "AP13" | "AP14";
                    /**
                     * Descricao da rejeição
                     * @description Descricao da causa da rejeição
                     */
                    descricao: string;
                };
            } | {
                /**
                 * Informações sobre o cancelamento da recorrência
                 * @description Informações sobre o cancelamento da recorrência
                 */
                cancelamento?: {
                    /**
                     * Solicitante do cancelamento
                     * @enum {string}
                     */
                    solicitante: "PSP_PAGADOR" | "USUARIO_PAGADOR" | "PSP_RECEBEDOR" | "USUARIO_RECEBEDOR";
                    /**
                     * Código do cancelamento
                     * @description Código do cancelamento. Corresponde ao código de cancelamento presente no catálogo de mensagens.
                     * @enum {string}
                     */
                    codigo: "ACCL" | "CPCL" | "DCSD" | "ERSL" | "FRUD" | "PCFD" | "SLCR" | "SLDB";
                    /**
                     * Descricao do cancelamento
                     * @description Descricao do cancelamento.
                     */
                    descricao: string;
                };
            };
        };
        /**
         * ID Recorrência
         * @description # Identificador da Recorrência
         *
         *     Regra de formação:
         *     - RAxxxxxxxxyyyyMMddkkkkkkkkkkk (29 caracteres; "case sensitive", isso é, diferencia letras maiúsculas e minúsculas), sendo:
         *       - "R":  fixo (1 caractere). "R" para a recorrência criada dentro do Pix;
         *       - "A": identificação da possibilidade de novas tentativas, sendo possíveis os valores "R" ou "N" (1 caractere). "R" caso a recorrência permita novas tentativas de pagamento pós vencimento, ou "N" caso não permita novas tentativas.
         *       - "xxxxxxxx":  identificação do agente que presta serviço para o usuário recebedor que gerou o ID Recorrência, podendo ser: o ISPB do participante direto, o ISPB do participante indireto ou os 8 primeiros caracteres do CNPJ do prestador de serviço de iniciação (8 caracteres alfanuméricos [A-Z|0-9]);
         *       - "yyyyMMdd":  data (8 caracteres) de criação da recorrência;
         *       - "kkkkkkkkkkk": sequencial criado pelo agente que gerou o ID Recorrência (11 caracteres alfanuméricos [a-z|A-Z|0-9]). Deve ser único dentro de cada "yyyyMMdd".
         *
         *     Dessa forma, o ID da recorrência deve ser formado de acordo com um dos tipos a seguir:
         *     - "RRxxxxxxxxyyyyMMddkkkkkkkkkkk"; para recorrência criada dentro do Pix e que permite novas tentativas de pagamento pós vencimento; ou
         *     - "RNxxxxxxxxyyyyMMddkkkkkkkkkkk"; para recorrência criada dentro do Pix e que não permite novas tentativas de pagamento pós vencimento.”
         * @example RR1234567820240115abcdefghijk
         */
        RecId: string;
        /**
         * Recorrência Base
         * @description Atributos de Configuração de Recorrência
         */
        RecBase: {
            /**
             * Descrição do Objeto da Recorrência
             * @description Informações sobre o objeto da recorrência.
             */
            vinculo: {
                /**
                 * Identificador do objeto de vínculo
                 * @description Campo de texto livre para informações referentes ao contrato que permitam ao usuário pagador reconhecer o objeto dos pagamentos periódicos por meio do Pix Automático.
                 * @example [
                 *       "Conta de energia Av. Paulista, 1804",
                 *       "Serviço de internet banda larga",
                 *       "Assinatura anual"
                 *     ]
                 */
                objeto?: string;
                /** @description O objeto devedor organiza as informações sobre o devedor da recorrência. */
                devedor: components["schemas"]["PessoaFisicaRecorrencia"] | components["schemas"]["PessoaJuridicaRecorrencia"];
                /**
                 * Objeto da autorização
                 * @description Número, identificador, ou código que representa o objeto da autorização (contrato, pedido etc.).
                 */
                contrato: string;
            };
            /**
             * Informações sobre calendário da recorrência
             * @description Informações sobre calendário da recorrência
             */
            calendario: {
                /**
                 * Data estimada de primeiro pagamento.
                 * Format: date
                 * @description Trata-se de uma data, no formato `YYYY-MM-DD`, segundo ISO 8601. Data estimada de primeiro pagamento.
                 * @example 2023-04-01
                 */
                dataInicial: string;
                /**
                 * Data final da vigência.
                 * Format: date
                 * @description Campo opcional que deve ser preenchido para autorizações com vigência pré-definida, devendo ser compatível com os valores informados em tipoFrequencia e a dataInicialRecorrencia. Não deve ser preenchido para autorizações por tempo indeterminado. Trata-se de uma data, no formato `YYYY-MM-DD`, segundo ISO 8601.
                 * @example 2023-04-01
                 */
                dataFinal?: string;
                /**
                 * Periodicidade das cobranças recorrentes.
                 * @enum {string}
                 */
                periodicidade: "SEMANAL" | "MENSAL" | "TRIMESTRAL" | "SEMESTRAL" | "ANUAL";
            };
            valor?: {
                /**
                 * Valor da recorrência
                 * @description Campo opcional, deve ser preenchido apenas quando o valor dos pagamentos for fixo ou não for sujeito a alteração durante a vigência da autorização.
                 */
                valorRec?: string;
                /**
                 * Valor mínimo da recorrência
                 * @description Campo opcional. Valor definido pelo usuário recebedor. Se o usuário pagador atribuir um valor máximo para os pagamentos daquela autorização, ele não poderá ser inferior ao piso definido pelo usuário recebedor. Não pode ser preenchido nas autorizações de valor fixo, ou seja, com campo valor preenchido.
                 */
                valorMinimoRecebedor?: string;
            };
        };
        /**
         * Id da Solicitação de recorrência
         * @description Dados criados ou alterados da cobrança recorrente via API Pix
         */
        SolicRecId: {
            /**
             * ID Solicitação da Recorrência
             * @description # Identificador da Solicitação da Recorrência
             *
             *     Regra de formação:
             *     - SCxxxxxxxxyyyyMMddkkkkkkkkkkk (29 caracteres; “case sensitive”, isso é, diferencia letras maiúsculas e minúsculas), sendo:
             *       - SC - fixo (2 caracteres);
             *       - xxxxxxxx – ISPB do agente que envia a mensagem pain.009 de solicitação de confirmação da recorrência (8 caracteres alfanuméricos [A-Z|0-9]);
             *       - yyyyMMdd – data (8 caracteres) de criação da mensagem pain.009 de solicitação de confirmação da recorrência;
             *       - kkkkkkkkkkk – sequencial criado pelo agente que gerou a mensagem de solicitação de confirmação da recorrência (11 caracteres alfanuméricos [a-z|A-Z|0-9]). Deve ser único dentro de cada “yyyyMMdd”.
             * @example SC1234567820240115abcdefghijk
             */
            idSolicRec: string;
        };
        /**
         * Solicitação de Recorrência Base
         * @description Dados criados ou alterados da cobrança recorrente via API Pix
         */
        SolicRecBase: {
            idRec: components["schemas"]["RecId"];
            /** Informações de Calendário da Solicitação da Recorrência */
            calendario: {
                /**
                 * Data da expiração da solicitação enviada ao usuário pagador.
                 * Format: date-time
                 * @description Data da expiração da solicitação enviada ao usuário pagador. Respeita RFC 3339.
                 */
                dataExpiracaoSolicitacao: string;
            };
            destinatario: components["schemas"]["DadosBancarios"] & (components["schemas"]["CPF"] | components["schemas"]["CNPJ"]);
        };
        /** Status da Solicitação de Recorrência */
        SolicRecStatus: {
            /**
             * Status do registro da solicitação de recorrência
             * @enum {string}
             */
            status: "CRIADA" | "ENVIADA" | "RECEBIDA" | "REJEITADA" | "ACEITA" | "EXPIRADA" | "CANCELADA";
        };
        /** Histórico de Status da Solicitação de Recorrência */
        SolicRecAtualizacao: {
            /** Histórico de Status da Solicitação de Recorrência */
            atualizacao: {
                /**
                 * Status do registro da solicitação de recorrência
                 * @enum {string}
                 */
                status: "CRIADA" | "ENVIADA" | "RECEBIDA" | "REJEITADA" | "ACEITA" | "EXPIRADA" | "CANCELADA";
                /**
                 * Format: date-time
                 * @description Data e hora do registro de status atualizado. Respeita RFC 3339.
                 */
                data: string;
            }[];
        };
        /**
         * Solicitação de Recorrência
         * @description Dados criados ou alterados da solicitação da recorrência
         */
        SolicRecSolicitada: components["schemas"]["SolicRecBase"];
        /**
         * Solicitação de Recorrência
         * @description Dados alterados da solicitação da recorrência
         */
        SolicRecRevisada: {
            /**
             * Status do registro da solicitação de recorrência
             * @enum {string}
             */
            status: "CANCELADA";
        };
        /**
         * Solicitação de Recorrência Completa
         * @description Dados criados ou alterados da solicitação da recorrência
         */
        SolicRecCompleta: components["schemas"]["SolicRecId"] & components["schemas"]["SolicRecBase"] & components["schemas"]["SolicRecStatus"] & components["schemas"]["SolicRecAtualizacao"] & {
            recPayload?: components["schemas"]["RecPayload"];
        };
        /**
         * Cobrança Recorrente Gerada
         * @description Dados criados ou alterados da cobrança recorrente via API Pix
         */
        CobRGerada: {
            idRec: components["schemas"]["RecId"];
        } & {
            txid: components["schemas"]["TxId"];
        } & WithRequired<components["schemas"]["CobRBase"], "valor" | "recebedor" | "calendario"> & {
            calendario: {
                /**
                 * Data de criação da cobrança
                 * Format: date
                 * @description Trata-se de uma data, no formato `YYYY-MM-DD`, segundo ISO 8601. É a data de criação da cobrança.
                 * @example 2023-04-01
                 */
                criacao: string;
            };
        } & {
            recebedor: components["schemas"]["PessoaJuridicaRecorrencia"];
        } & WithRequired<components["schemas"]["CobRStatus"], "status"> & components["schemas"]["DadosDevedorRecorrencia"];
        /**
         * Cobrança Recorrente Completa
         * @description Dados completos da cobrança recorrente via API Pix
         */
        CobRCompleta: {
            idRec: components["schemas"]["RecId"];
        } & {
            txid: components["schemas"]["TxId"];
        } & WithRequired<components["schemas"]["CobRBase"], "valor" | "recebedor" | "calendario"> & {
            calendario: {
                /**
                 * Data de criação da cobrança
                 * Format: date
                 * @description Trata-se de uma data, no formato `YYYY-MM-DD`, segundo ISO 8601. É a data de criação da cobrança.
                 * @example 2023-04-01
                 */
                criacao: string;
            };
        } & WithRequired<components["schemas"]["CobRStatus"], "status"> & components["schemas"]["CobRConfiguracao"] & components["schemas"]["DadosDevedorRecorrencia"] & {
            /** Pix recebidos */
            pix?: (components["schemas"]["PixAutomatico"] & {
                txid?: components["schemas"]["TxId"] & unknown;
            })[];
        } & components["schemas"]["CobRAtualizacao"] & components["schemas"]["CobRTentativas"];
        /** Histórico de Atualização da Cobrança Recorrente */
        CobRAtualizacao: {
            /**
             * Histórico de Status
             * @description Histórico das mudanças de status das cobranças recorrentes.
             */
            atualizacao: {
                /**
                 * Status da cobrança
                 * @description Status da cobrança.
                 * @enum {string}
                 */
                status: "CRIADA" | "ATIVA" | "CONCLUIDA" | "EXPIRADA" | "REJEITADA" | "CANCELADA";
                /**
                 * Format: date-time
                 * @description Data e hora do registro de status atualizado. Respeita RFC 3339.
                 */
                data: string;
            }[];
            /** Detalhamento do encerramento da cobrança. */
            encerramento?: {
                /**
                 * Informações sobre o cancelamento da cobrança
                 * @description Informações sobre o cancelamento da cobrança
                 */
                cancelamento?: {
                    /**
                     * Solicitante do cancelamento
                     * @enum {string}
                     */
                    solicitante: "PSP_PAGADOR" | "USUARIO_PAGADOR" | "PSP_RECEBEDOR" | "USUARIO_RECEBEDOR";
                    /**
                     * Código do cancelamento
                     * @description Código do cancelamento. Corresponde ao código de cancelamento presente no catálogo de mensagens.
                     * @enum {string}
                     */
                    codigo: "ACCT" | "BLCK" | "CCLD" | "FAIL" | "OTHR" | "SLBD" | "SLCR";
                    /**
                     * Descricao do cancelamento
                     * @description Descricao da causa do cancelamento
                     */
                    descricao: string;
                };
            } | {
                /**
                 * Informações sobre a rejeição da cobrança
                 * @description Informações sobre a rejeição da cobrança
                 */
                rejeicao?: {
                    /**
                     * Código da rejeição
                     * @description Código da rejeição. Corresponde ao código de rejeição presente no catálogo de mensagens.
                     * @enum {string}
                     */
                    codigo: "AB10" | "AC05" | "AC06" | "AM02" | "AM09" | "DENC" | "DS27" | "DTED" | "DTNT" | "FBRD" | "IRNT" | "MIDI" | "MSUC" | "NIEC" | "NIPA" | "NITX" | "QUNT" | "RC09" | "UDEI";
                    /**
                     * Descricao da rejeição
                     * @description Descricao da causa da rejeição
                     */
                    descricao: string;
                };
            };
        };
        /** Histórico de Tentativas da Cobrança Recorrente */
        CobRTentativas: {
            /**
             * Histórico de Tentativas de Cobrança
             * @description Histórico de Tentativas de Cobrança
             */
            tentativas?: {
                /**
                 * Format: date
                 * @description Data da liquidação da cobrança. Trata-se de uma data, no formato `YYYY-MM-DD`, segundo ISO 8601.
                 * @example 2023-04-01
                 */
                dataLiquidacao: string;
                /**
                 * Tipo da Tentativa
                 * @description Tipo da tentativa da cobrança.
                 * @enum {string}
                 */
                tipo: "AGND" | "NTAG" | "RIFL";
                /**
                 * Status da Tentativa
                 * @description Status da tentativa da cobrança.
                 * @enum {string}
                 */
                status: "SOLICITADA" | "AGENDADA" | "PAGA" | "CANCELADA" | "REJEITADA" | "EXPIRADA";
                endToEndId: components["schemas"]["EndToEndId"];
                /**
                 * Histórico de Status da Tentativa
                 * @description Histórico das mudanças de status da tentativa de cobrança.
                 */
                atualizacao: {
                    /**
                     * Status da Tentativa
                     * @description Status da tentativa da cobrança.
                     * @enum {string}
                     */
                    status: "SOLICITADA" | "AGENDADA" | "PAGA" | "CANCELADA" | "REJEITADA" | "EXPIRADA";
                    /**
                     * Format: date-time
                     * @description Data e hora do registro de status atualizado. Respeita RFC 3339.
                     */
                    data: string;
                }[];
                /**
                 * Informações sobre a rejeição da tentativa da cobrança
                 * @description Informações sobre a rejeição da tentativa da cobrança
                 */
                rejeicao?: {
                    /**
                     * Código da rejeição da tentativa
                     * @description Código da rejeição da tentativa. Corresponde ao código de rejeição presente no catálogo de mensagens. Os códigos de rejeição da tentativa `AC05`,`AM09`,`DENC`,`DS27`,`DTED`,`MIDI`,`MSUC`,`NITX`,`RC09` e `DTED` causam a rejeição da cobrança recorrente correspondente.
                     * @enum {string}
                     */
                    codigo: "AB10" | "AC05" | "AC06" | "AM02" | "AM09" | "DENC" | "DS27" | "DTED" | "DTNT" | "FBRD" | "IRNT" | "MIDI" | "MSUC" | "NIEC" | "NIPA" | "NITX" | "QUNT" | "RC09" | "UDEI";
                    /**
                     * Descricao da rejeição
                     * @description Descricao da causa da rejeição
                     */
                    descricao: string;
                };
            }[];
        };
        /**
         * Cobrança Recorrente Revisada
         * @description Dados enviados para revisão da cobrança recorrente via API Pix
         */
        CobRRevisada: components["schemas"]["CobRStatusRevisada"];
        /**
         * Cobrança Recorrente Solicitada
         * @description Dados enviados para criação da cobrança recorrente via API Pix
         */
        CobRSolicitada: {
            idRec: components["schemas"]["RecId"];
        } & WithRequired<components["schemas"]["CobRBase"], "calendario" | "valor" | "recebedor"> & components["schemas"]["DadosDevedorRecorrencia"];
        /**
         * Cobrança Recorrente Notificada
         * @description Dados enviados para criação da cobrança recorrente via API Pix
         */
        CobRNotification: {
            idRec: components["schemas"]["RecId"];
        } & {
            txid: components["schemas"]["TxId"];
        } & WithRequired<components["schemas"]["CobRStatus"], "status"> & WithRequired<components["schemas"]["CobRAtualizacao"], "atualizacao"> & components["schemas"]["CobRTentativas"] & {
            /** Pix recebidos */
            pix?: (components["schemas"]["PixAutomatico"] & {
                txid?: components["schemas"]["TxId"] & unknown;
            })[];
        };
        /** Configuração da Cobrança Recorrente */
        CobRConfiguracao: {
            /**
             * Política de retentativa da cobrança recorrente
             * @enum {string}
             */
            politicaRetentativa: "NAO_PERMITE" | "PERMITE_3R_7D";
        };
        /** Status da Cobrança Recorrente */
        CobRStatus: {
            /**
             * Status do registro da cobrança
             * @enum {string}
             */
            status?: "CRIADA" | "ATIVA" | "CONCLUIDA" | "EXPIRADA" | "REJEITADA" | "CANCELADA";
        };
        /** Status da Cobrança Recorrente */
        CobRStatusRevisada: {
            /**
             * Status do registro da cobrança
             * @enum {string}
             */
            status?: "CANCELADA";
        };
        /**
         * Cobrança Recorrente Base
         * @description Atributos de cobrança recorrente
         */
        CobRBase: {
            /**
             * Informações adicionais da fatura.
             * @description Informações adicionais da fatura.
             */
            infoAdicional?: string;
            /** Informações sobre calendário da cobrança */
            calendario?: {
                /**
                 * Data de vencimento da cobrança
                 * Format: date
                 * @description Trata-se de uma data, no formato `YYYY-MM-DD`, segundo ISO 8601. É a data de vencimento da cobrança.
                 * @example 2023-04-01
                 */
                dataDeVencimento: string;
            };
            /**
             * Valor da cobrança recorrente
             * @description Valor da cobrança recorrente
             */
            valor?: {
                /**
                 * Valor
                 * @description Valor original da cobrança.
                 */
                original: string;
            };
            /**
             * Ajuste data prevista para liquidação para próximo dia útil
             * @description Campo de ativação do ajuste da data prevista para liquidação para próximo dia útil caso o vencimento corrente seja um dia não útil. O PSP Recebedor deverá considerar os feriados locais com base no código município do usuário pagador.
             * @default true
             */
            ajusteDiaUtil: boolean;
            /** @description O objeto recebedor organiza as informações sobre o recebedor da cobrança. */
            recebedor?: components["schemas"]["DadosBancariosRecebedor"];
        };
        /**
         * Cobrança Base
         * @description Atributos comuns a todas entidades de Cobrança
         */
        CobBase: {
            /**
             * Chave DICT do recebedor
             * @description # Formato do campo chave
             *
             *     * O campo chave determina a chave Pix registrada no DICT que será utilizada para a cobrança. Essa chave será lida pelo aplicativo do PSP do pagador para consulta ao DICT, que retornará a informação que identificará o recebedor da cobrança.
             *     * Os tipos de chave podem ser: telefone, e-mail, cpf/cnpj ou EVP.
             *     * O formato das chaves pode ser encontrado na seção "Formatação das chaves do DICT no BR Code" do [Manual de Padrões para iniciação do Pix](https://www.bcb.gov.br/estabilidadefinanceira/pix).
             */
            chave?: string;
            /**
             * Solicitação ao pagador
             * @description O campo solicitacaoPagador, opcional, determina um texto a ser apresentado ao pagador para que ele possa digitar uma informação correlata, em formato livre, a ser enviada ao recebedor. Esse texto será preenchido, na pacs.008, pelo PSP do pagador, no campo RemittanceInformation <RmtInf>. O tamanho do campo <RmtInf> na pacs.008 está limitado a 140 caracteres.
             */
            solicitacaoPagador?: string;
            /**
             * Informações adicionais
             * @description Cada respectiva informação adicional contida na lista (nome e valor) deve ser apresentada ao pagador.
             */
            infoAdicionais?: {
                /**
                 * Nome
                 * @description Nome do campo.
                 */
                nome: string;
                /**
                 * Valor
                 * @description Dados do campo.
                 */
                valor: string;
            }[];
        };
        /**
         * Cobrança Base com Copia e Cola
         * @description Atributos comuns a todas entidades de Cobrança que possuem informação de Copia e Cola
         */
        CobBaseCopiaCola: {
            /**
             * Pix Copia e Cola correspondente à cobrança.
             * @description Este campo retorna o valor do Pix Copia e Cola correspondente à cobrança. Trata-se da sequência de caracteres que representa o BR Code.
             */
            pixCopiaECola?: string;
        } & components["schemas"]["CobBase"];
        /**
         * Cobrança imediata solicitada
         * @description Dados enviados para criação ou alteração da cobrança imediata via API Pix
         */
        CobSolicitada: {
            /**
             * Calendário
             * @description Os campos aninhados sob o identificador calendário organizam informações a respeito de controle de tempo da cobrança.
             */
            calendario: components["schemas"]["CobExpiracao"];
        } & {
            /** @description Os campos aninhados sob o objeto devedor são opcionais e identificam o devedor, ou seja, a pessoa ou a instituição a quem a cobrança está endereçada. Não identifica, necessariamente, quem irá efetivamente realizar o pagamento. Um CPF pode ser o devedor de uma cobrança, mas pode acontecer de outro CPF realizar, efetivamente, o pagamento do documento. Não é permitido que o campo `devedor.cpf` e campo `devedor.cnpj` estejam preenchidos ao mesmo tempo. Se o campo `devedor.cnpj` está preenchido, então o campo `devedor.cpf` não pode estar preenchido, e vice-versa. Se o campo `devedor.nome` está preenchido, então deve existir ou um `devedor.cpf` ou um campo `devedor.cnpj` preenchido. */
            devedor?: components["schemas"]["PessoaFisica"] | components["schemas"]["PessoaJuridica"];
        } & {
            loc?: components["schemas"]["PayloadLocationCob"];
        } & {
            valor: unknown & components["schemas"]["CobValor"];
        } & WithRequired<components["schemas"]["CobBase"], "chave">;
        /**
         * Cobrança com vencimento solicitada
         * @description Dados enviados para criação ou alteração da cobrança com vencimento via API Pix
         */
        CobVSolicitada: {
            /**
             * Calendário
             * @description Os campos aninhados sob o identificador calendário organizam informações a respeito de controle de tempo da cobrança.
             */
            calendario: components["schemas"]["CobDataDeVencimento"];
        } & WithRequired<components["schemas"]["DadosDevedor"], "devedor"> & {
            loc?: components["schemas"]["PayloadLocationCob"];
        } & {
            valor: unknown & components["schemas"]["CobVValor"];
        } & WithRequired<components["schemas"]["CobBase"], "chave">;
        /**
         * Cobrança imediata revisada
         * @description Dados enviados para revisão da cobrança imediata via API Pix
         */
        CobRevisada: {
            /**
             * Calendário
             * @description Os campos aninhados sob o identificador calendário organizam informações a respeito de controle de tempo da cobrança.
             */
            calendario?: components["schemas"]["CobExpiracao"];
        } & {
            /** @description Os campos aninhados sob o objeto devedor são opcionais e identificam o devedor, ou seja, a pessoa ou a instituição a quem a cobrança está endereçada. Não identifica, necessariamente, quem irá efetivamente realizar o pagamento. Um CPF pode ser o devedor de uma cobrança, mas pode acontecer de outro CPF realizar, efetivamente, o pagamento do documento. Não é permitido que o campo `devedor.cpf` e campo `devedor.cnpj` estejam preenchidos ao mesmo tempo. Se o campo `devedor.cnpj` está preenchido, então o campo `devedor.cpf` não pode estar preenchido, e vice-versa. Se o campo `devedor.nome` está preenchido, então deve existir ou um `devedor.cpf` ou um campo `devedor.cnpj` preenchido. */
            devedor?: components["schemas"]["PessoaFisica"] | components["schemas"]["PessoaJuridica"];
        } & {
            loc?: components["schemas"]["PayloadLocationCob"];
        } & {
            /**
             * Status do registro da cobrança
             * @enum {string}
             */
            status?: "REMOVIDA_PELO_USUARIO_RECEBEDOR";
        } & {
            valor?: components["schemas"]["CobValor"];
        } & components["schemas"]["CobBase"];
        /**
         * Cobrança com vencimento revisada
         * @description Dados enviados para revisão da cobrança com vencimento via API Pix
         */
        CobVRevisada: {
            /**
             * Calendário
             * @description Os campos aninhados sob o identificador calendário organizam informações a respeito de controle de tempo da cobrança.
             */
            calendario?: components["schemas"]["CobDataDeVencimento"];
        } & components["schemas"]["DadosDevedor"] & {
            loc?: components["schemas"]["PayloadLocationCob"];
        } & {
            /**
             * Status do registro da cobrança
             * @enum {string}
             */
            status?: "REMOVIDA_PELO_USUARIO_RECEBEDOR";
        } & {
            valor?: components["schemas"]["CobVValor"];
        } & components["schemas"]["CobBase"];
        /**
         * Cobrança imediata gerada
         * @description Dados criados ou alterados da cobrança imediata via API Pix
         */
        CobGerada: {
            /**
             * Calendário
             * @description Os campos aninhados sob o identificador calendário organizam informações a respeito de controle de tempo da cobrança.
             */
            calendario: components["schemas"]["CobCriacao"] & WithRequired<components["schemas"]["CobExpiracao"], "expiracao">;
            txid: components["schemas"]["TxId"];
            revisao: components["schemas"]["Revisao"];
        } & {
            /** @description Os campos aninhados sob o objeto devedor são opcionais e identificam o devedor, ou seja, a pessoa ou a instituição a quem a cobrança está endereçada. Não identifica, necessariamente, quem irá efetivamente realizar o pagamento. Um CPF pode ser o devedor de uma cobrança, mas pode acontecer de outro CPF realizar, efetivamente, o pagamento do documento. Não é permitido que o campo `devedor.cpf` e campo `devedor.cnpj` estejam preenchidos ao mesmo tempo. Se o campo `devedor.cnpj` está preenchido, então o campo `devedor.cpf` não pode estar preenchido, e vice-versa. Se o campo `devedor.nome` está preenchido, então deve existir ou um `devedor.cpf` ou um campo `devedor.cnpj` preenchido. */
            devedor?: components["schemas"]["PessoaFisica"] | components["schemas"]["PessoaJuridica"];
        } & {
            loc?: WithRequired<components["schemas"]["PayloadLocation"], "id" | "tipoCob" | "criacao">;
        } & {
            /**
             * Localização do payload
             * Format: uri
             * @description Localização do Payload a ser informada na criação da cobrança.
             * @example pix.example.com/qr/v2/2353c790eefb11eaadc10242ac120002
             */
            readonly location?: string;
        } & {
            status: components["schemas"]["CobrancaStatus"];
        } & {
            valor: WithRequired<components["schemas"]["CobValor"], "original">;
        } & components["schemas"]["CobBaseCopiaCola"];
        /**
         * Cobrança com vencimento gerada
         * @description Dados criados ou alterados da cobrança com vencimento via API Pix
         */
        CobVGerada: {
            /**
             * Calendário
             * @description Os campos aninhados sob o identificador calendário organizam informações a respeito de controle de tempo da cobrança.
             */
            calendario: components["schemas"]["CobCriacao"] & WithRequired<components["schemas"]["CobDataDeVencimento"], "validadeAposVencimento">;
            txid: components["schemas"]["TxId"];
            revisao: components["schemas"]["Revisao"];
        } & WithRequired<components["schemas"]["DadosDevedor"], "devedor"> & WithRequired<components["schemas"]["DadosRecebedor"], "recebedor"> & {
            loc?: WithRequired<components["schemas"]["PayloadLocation"], "id" | "tipoCob" | "criacao">;
        } & {
            status: components["schemas"]["CobrancaStatus"];
        } & {
            valor: WithRequired<components["schemas"]["CobVValor"], "original">;
        } & components["schemas"]["CobBaseCopiaCola"];
        /**
         * Status do registro da cobrança.
         * @description Estado do registro da cobrança. Não se confunde com o estado da cobrança em si, ou seja, não guarda relação com o fato de a cobrança encontrar-se vencida ou expirada, por exemplo.
         *
         *     Os status são assim definidos:
         *     - `ATIVA`: indica que o registro se refere a uma cobrança que foi gerada mas ainda não foi paga nem removida;
         *     - `CONCLUIDA`: indica que o registro se refere a uma cobrança que já foi paga e, por conseguinte, não pode acolher outro pagamento;
         *     - `REMOVIDO_PELO_USUARIO_RECEBEDOR`: indica que o usuário recebedor solicitou a remoção do registro da cobrança; e
         *     - `REMOVIDO_PELO_PSP`: indica que o PSP Recebedor solicitou a remoção do registro da cobrança.
         * @enum {string}
         */
        CobrancaStatus: "ATIVA" | "CONCLUIDA" | "REMOVIDA_PELO_USUARIO_RECEBEDOR" | "REMOVIDA_PELO_PSP";
        /** Lote de cobranças com vencimento gerado */
        LoteCobVGerado: {
            /**
             * Id do lote
             * Format: int64
             */
            id: number;
            /** Descrição do lote */
            descricao: string;
            /**
             * Data de criação do lote
             * Format: date-time
             * @description Timestamp que indica o momento em que foi criado o lote. Respeita o formato definido na RFC 3339.
             */
            criacao: string;
            cobsv: components["schemas"]["CobVGerada"][];
        };
        /** Cobrança com vencimento completa */
        CobVCompleta: components["schemas"]["CobVGerada"] & {
            /** Pix recebidos */
            pix?: (components["schemas"]["Pix"] & {
                txid?: components["schemas"]["TxId"] & unknown;
            })[];
        } & {
            status: components["schemas"]["CobrancaStatus"];
        };
        /** Cobrança imediata completa */
        CobCompleta: components["schemas"]["CobGerada"] & {
            status: components["schemas"]["CobrancaStatus"];
        } & {
            /** Pix recebidos */
            pix?: (components["schemas"]["Pix"] & {
                txid?: components["schemas"]["TxId"] & unknown;
            })[];
        };
        /** Lote de solicitações de alteração ou criação de cobranças com vencimento */
        LoteCobVConsultado: {
            /**
             * Identificador do lote em formato numérico.
             * Format: int64
             */
            id: number;
            /** Descrição do lote */
            descricao: string;
            /**
             * Data de criação do lote
             * Format: date-time
             * @description Timestamp que indica o momento em que foi criado o lote. Respeita o formato definido na RFC 3339.
             */
            criacao: string;
            cobsv: {
                txid: components["schemas"]["TxId"];
                /**
                 * Status da solicitação de criação/alteração da cobrança no contexto de criação via lote
                 * @enum {string}
                 */
                status: "EM_PROCESSAMENTO" | "CRIADA" | "NEGADA";
                problema?: components["schemas"]["Problema"];
                /**
                 * Data de Criação
                 * Format: date-time
                 * @description Data e hora em que a cobrança foi criada. Respeita RFC 3339.
                 */
                readonly criacao?: string;
            }[];
        };
        /** Lotes de solicitações de cobranças com vencimento */
        LotesCobVConsultados: {
            parametros: components["schemas"]["ParametrosConsultaLote"];
            /** Lotes de solicitações de criação/alteração de cobranças com vencimento */
            lotes: components["schemas"]["LoteCobVConsultado"][];
        };
        /**
         * Payload JSON da cobrança com vencimento
         * @description Dados da cobrança com vencimento acessados pelo payload JSON
         */
        CobVPayload: {
            /**
             * Calendário
             * @description Os campos aninhados sob o identificador calendário organizam informações a respeito de controle de tempo da cobrança.
             */
            calendario: WithRequired<components["schemas"]["CobCriacao"], "criacao"> & WithRequired<components["schemas"]["CobApresentacao"], "apresentacao"> & WithRequired<components["schemas"]["CobDataDeVencimento"], "validadeAposVencimento">;
        } & {
            /** @description Os campos aninhados sob o objeto devedor são opcionais e identificam o devedor, ou seja, a pessoa ou a instituição a quem a cobrança está endereçada. Não identifica, necessariamente, quem irá efetivamente realizar o pagamento. Um CPF pode ser o devedor de uma cobrança, mas pode acontecer de outro CPF realizar, efetivamente, o pagamento do documento. Não é permitido que o campo `devedor.cpf` e campo `devedor.cnpj` estejam preenchidos ao mesmo tempo. Se o campo `devedor.cnpj` está preenchido, então o campo `devedor.cpf` não pode estar preenchido, e vice-versa. Se o campo `devedor.nome` está preenchido, então deve existir ou um `devedor.cpf` ou um campo `devedor.cnpj` preenchido. */
            devedor: components["schemas"]["PessoaFisica"] | components["schemas"]["PessoaJuridica"];
        } & WithRequired<components["schemas"]["DadosRecebedor"], "recebedor"> & {
            txid: components["schemas"]["TxId"];
            revisao: components["schemas"]["Revisao"];
        } & {
            status: components["schemas"]["CobrancaStatus"];
        } & {
            valor: components["schemas"]["CobVPayloadValor"];
        } & WithRequired<components["schemas"]["CobBase"], "chave">;
        /**
         * Payload JSON da cobrança imediata
         * @description Dados da cobrança imediata acessados pelo payload JSON
         */
        CobPayload: {
            /**
             * Calendário
             * @description Os campos aninhados sob o identificador calendário organizam informações a respeito de controle de tempo da cobrança.
             */
            calendario: WithRequired<components["schemas"]["CobCriacao"], "criacao"> & WithRequired<components["schemas"]["CobApresentacao"], "apresentacao"> & WithRequired<components["schemas"]["CobExpiracao"], "expiracao">;
            txid: components["schemas"]["TxId"];
            revisao: components["schemas"]["Revisao"];
        } & {
            /** @description Os campos aninhados sob o objeto devedor são opcionais e identificam o devedor, ou seja, a pessoa ou a instituição a quem a cobrança está endereçada. Não identifica, necessariamente, quem irá efetivamente realizar o pagamento. Um CPF pode ser o devedor de uma cobrança, mas pode acontecer de outro CPF realizar, efetivamente, o pagamento do documento. Não é permitido que o campo `devedor.cpf` e campo `devedor.cnpj` estejam preenchidos ao mesmo tempo. Se o campo `devedor.cnpj` está preenchido, então o campo `devedor.cpf` não pode estar preenchido, e vice-versa. Se o campo `devedor.nome` está preenchido, então deve existir ou um `devedor.cpf` ou um campo `devedor.cnpj` preenchido. */
            devedor?: components["schemas"]["PessoaFisica"] | components["schemas"]["PessoaJuridica"];
        } & {
            status: components["schemas"]["CobrancaStatus"];
        } & {
            valor: components["schemas"]["CobPayloadValor"];
        } & WithRequired<components["schemas"]["CobBase"], "chave">;
        /**
         * Location do Payload
         * @description Identificador da localização do payload.
         */
        PayloadLocation: {
            id: components["schemas"]["PayloadLocationId"];
            /**
             * Localização do payload
             * Format: uri
             * @description Localização do Payload a ser informada na criação da cobrança.
             * @example pix.example.com/qr/v2/2353c790eefb11eaadc10242ac120002
             */
            readonly location: string;
            /**
             * Tipo da cobrança
             * @enum {string}
             */
            tipoCob: "cob" | "cobv";
            /**
             * Data de Criação
             * Format: date-time
             * @description Data e hora em que a location foi criada. Respeita RFC 3339.
             */
            readonly criacao: string;
        };
        /**
         * Location do Payload Solicitada
         * @description Identificador da localização do payload solicitada.
         */
        PayloadLocationSolicitada: {
            /**
             * Tipo da cobrança
             * @enum {string}
             */
            tipoCob: "cob" | "cobv";
        };
        /**
         * Location do Payload Solicitada
         * @description Identificador da localização do payload solicitada.
         */
        PayloadLocationRecSolicitada: {
            /**
             * Tipo da cobrança
             * @enum {string}
             */
            tipo: "rec";
        };
        /**
         * Location do Payload Completa
         * @description Identificador da localização do payload completo.
         */
        PayloadLocationRecGerada: {
            id: components["schemas"]["PayloadLocationRecId"];
            /**
             * Localização do payload
             * Format: uri
             * @description Localização do Payload a ser informada na criação da recorrência.
             * @example pix.example.com/qr/v2/rec/2353c790eefb11eaadc10242ac120002
             */
            readonly location: string;
            /**
             * Data de Criação
             * Format: date-time
             * @description Data e hora em que a location foi criada. Respeita RFC 3339.
             */
            readonly criacao: string;
        };
        /**
         * Location do Payload Completa
         * @description Identificador da localização do payload completo.
         */
        PayloadLocationRecCompleta: components["schemas"]["PayloadLocationRecGerada"] & {
            idRec?: components["schemas"]["RecId"];
        };
        /**
         * Location do Payload Completa
         * @description Identificador da localização do payload completo.
         */
        PayloadLocationCompleta: {
            id: components["schemas"]["PayloadLocationId"];
            txid?: components["schemas"]["TxId"];
            /**
             * Localização do payload
             * Format: uri
             * @description Localização do Payload a ser informada na criação da cobrança.
             * @example pix.example.com/qr/v2/2353c790eefb11eaadc10242ac120002
             */
            readonly location: string;
            /**
             * Tipo da cobrança
             * @enum {string}
             */
            tipoCob: "cob" | "cobv";
            /**
             * Data de Criação
             * Format: date-time
             * @description Data e hora em que a location foi criada. Respeita RFC 3339.
             */
            readonly criacao: string;
        };
        /**
         * Location do Payload
         * @description Identificador da localização do payload.
         */
        PayloadLocationCob: {
            id: components["schemas"]["PayloadLocationId"];
        };
        /**
         * Parâmetros de Consulta de Recorrências
         * @description Parâmetros utilizados para a realização de uma consulta de recorrências.
         */
        ParametrosConsultaRec: {
            /**
             * Data de Início
             * Format: date-time
             * @description Data inicial utilizada na consulta. Respeita RFC 3339.
             * @example 2020-04-01T00:00:00Z
             */
            inicio: string;
            /**
             * Data de Fim
             * Format: date-time
             * @description Data de fim utilizada na consulta. Respeita RFC 3339.
             * @example 2020-04-01T17:00:00Z
             */
            fim: string;
            /**
             * CPF
             * @description Filtro pelo CPF do devedor. Não pode ser utilizado ao mesmo tempo que o CNPJ.
             */
            cpf?: string;
            /**
             * CNPJ
             * @description Filtro pelo CNPJ do devedor. Não pode ser utilizado ao mesmo tempo que o CPF.
             */
            cnpj?: string;
            /** @description Filtro pela existência de location vinculada. */
            locationPresente?: boolean;
            /**
             * Status do registro da recorrência
             * @description Filtro pelo status das recorrências.
             */
            status?: string;
            /** Recebedor */
            recebedor?: {
                /**
                 * Convênio
                 * @description Convênio entre usuário e participante recebedor.
                 */
                convenio?: string;
            };
            paginacao: components["schemas"]["Paginacao"];
        };
        /**
         * Parâmetros de Consulta de Cobrança
         * @description [DEPRECADO] Parâmetros utilizados para a realização de uma consulta de cobranças.
         */
        ParametrosConsultaCob: {
            /**
             * Data de Início
             * Format: date-time
             * @description Data inicial utilizada na consulta. Respeita RFC 3339.
             * @example 2020-04-01T00:00:00Z
             */
            inicio: string;
            /**
             * Data de Fim
             * Format: date-time
             * @description Data de fim utilizada na consulta. Respeita RFC 3339.
             * @example 2020-04-01T17:00:00Z
             */
            fim: string;
            /**
             * CPF
             * @description Filtro pelo CPF do devedor. Não pode ser utilizado ao mesmo tempo que o CNPJ.
             */
            cpf?: string;
            /**
             * CNPJ
             * @description Filtro pelo CNPJ do devedor. Não pode ser utilizado ao mesmo tempo que o CPF.
             */
            cnpj?: string;
            /** @description Filtro pela existência de location vinculada. */
            locationPresente?: boolean;
            /**
             * Status do registro da cobrança
             * @description Filtro pelo status das cobranças.
             */
            status?: string;
            paginacao: components["schemas"]["Paginacao"];
        };
        /**
         * Parâmetros de Consulta de Cobrança
         * @description Parâmetros utilizados para a realização de uma consulta de cobranças.
         */
        ParametrosConsultaCobR: {
            /**
             * Data de Início
             * Format: date-time
             * @description Data inicial utilizada na consulta. Respeita RFC 3339.
             * @example 2020-04-01T00:00:00Z
             */
            inicio: string;
            /**
             * Data de Fim
             * Format: date-time
             * @description Data de fim utilizada na consulta. Respeita RFC 3339.
             * @example 2020-04-01T17:00:00Z
             */
            fim: string;
            idRec?: components["schemas"]["RecId"];
            /**
             * CPF
             * @description Filtro pelo CPF do devedor. Não pode ser utilizado ao mesmo tempo que o CNPJ.
             */
            cpf?: string;
            /**
             * CNPJ
             * @description Filtro pelo CNPJ do devedor. Não pode ser utilizado ao mesmo tempo que o CPF.
             */
            cnpj?: string;
            /**
             * Status do registro da cobrança
             * @description Filtro pelo status das cobranças.
             */
            status?: string;
            /** Recebedor */
            recebedor?: {
                /**
                 * Convênio
                 * @description Convênio entre usuário e participante recebedor.
                 */
                convenio?: string;
            };
            paginacao: components["schemas"]["Paginacao"];
        };
        /**
         * Parâmetros de consulta de lotes de cobrança com vencimento.
         * @description Parâmetros utilizados para a realização de uma consulta de lote de cobranças com vencimento.
         */
        ParametrosConsultaLote: {
            /**
             * Data de Início
             * Format: date-time
             * @description Data inicial utilizada na consulta. Respeita RFC 3339.
             * @example 2020-04-01T00:00:00Z
             */
            inicio: string;
            /**
             * Data de Fim
             * Format: date-time
             * @description Data de fim utilizada na consulta. Respeita RFC 3339.
             * @example 2020-04-01T17:00:00Z
             */
            fim: string;
            paginacao: components["schemas"]["Paginacao"];
        };
        /** Cobranças com vencimento consultadas */
        CobsVConsultadas: {
            parametros: components["schemas"]["ParametrosConsultaCob"];
            /** Lista de cobranças */
            cobs: (components["schemas"]["CobVCompleta"] & unknown)[];
        };
        /** Cobranças imediatas consultadas */
        CobsConsultadas: {
            parametros: components["schemas"]["ParametrosConsultaCob"];
            /** Lista de cobranças */
            cobs: (components["schemas"]["CobCompleta"] & unknown)[];
        };
        /** Cobranças recorrentes consultadas */
        CobsRConsultadas: {
            parametros: components["schemas"]["ParametrosConsultaCobR"];
            /** Lista de cobranças */
            cobsr: components["schemas"]["CobRCompleta"][];
        };
        /** Recorrencias consultadas */
        RecsConsultadas: {
            parametros: components["schemas"]["ParametrosConsultaRec"];
            /** Lista de recorrências */
            recs: components["schemas"]["RecCompletaPesquisada"][];
        };
        /** Pix */
        Pix: {
            endToEndId: components["schemas"]["EndToEndId"];
            txid?: components["schemas"]["TxId"] & unknown;
            /**
             * Valor do Pix.
             * @description Valor do Pix.
             */
            valor: string;
            /**
             * Informações sobre o valor do Pix
             * @description O objetivo dessa estrutura é explicar os elementos de composição do valor do Pix, incluindo informações sobre as multas, juros, descontos e abatimentos quando o Pix for relativo a cobranças com vencimento.
             *
             *     Regras da estrutura:
             *     - O `valor` do Pix é igual a:
             *       - (`original.valor` + `saque.valor` + `troco.valor`) + `multa.valor` + `juros.valor` – `abatimento.valor` – `desconto.valor`
             *       considerando-se apenas os campos que estiverem presentes para cada tipo de cobrança pago.
             *     - As estruturas `saque` e `troco` só serão retornadas quando o Pix for relativo a um Pix Saque ou Pix Troco, respectivamente, e
             *     as demais estruturas (`juros`, `multa`, `abatimento` e `desconto`) só serão pertinentes aos Pix de pagamentos das cobranças com vencimento.
             *     - Não pode haver simultaneamente uma subsestrutura do tipo `saque` e outra do tipo `troco`;
             *     - Não há restrição na ordem das subestruturas.
             *
             *     Para o caso de um Pix Saque pode-se retornar `original` com valor=0.00 (zero) uma vez que a soma será respeitada, ou pode-se omitir a
             *     subestrutura original. No caso de um Pix Troco ou de um pagamento de cobrança com vencimento a subsestrutura `original` vai sempre estar
             *     presente.
             *
             *     #### Exemplos válidos:
             *     Exemplo de preenchimentos válidos.
             *
             *     - **Pix para pagamento de cobrança imediata (sem saque ou troco).**
             *       ```
             *       ...
             *       "componentesValor": {
             *         "original": {
             *           "valor": "100.00"
             *         }
             *       }
             *       ...
             *       ```
             *     - **Pix Saque.**
             *       ```
             *       ...
             *       "componentesValor": {
             *         "saque": {
             *           "valor": "100.00",
             *           "modalidadeAgente": "AGPSS",
             *           "prestadorDeServicoDeSaque": "12345678"
             *         }
             *       }
             *       ...
             *       ```
             *     - **Pix para pagamento de cobrança imediata com saque (pode vir original.valor=0.00).**
             *       ```
             *       ...
             *       "componentesValor": {
             *         "original": {
             *           "valor": "0.00"
             *         },
             *         "saque": {
             *           "valor": "100.00",
             *           "modalidadeAgente": "AGPSS",
             *           "prestadorDeServicoDeSaque": "12345678"
             *         }
             *       }
             *       ...
             *       ```
             *     - **Pix Troco.**
             *       ```
             *       ...
             *       "componentesValor": {
             *         "original": {
             *           "valor": "80.00"
             *         },
             *         "troco": {
             *           "valor": "20.00",
             *           "modalidadeAgente": "AGTEC",
             *           "prestadorDeServicoDeSaque": "12345678"
             *         }
             *       }
             *       ...
             *       ```
             *     - **Pix para pagamento de cobrança imediata com troco (ordem não importa).**
             *       ```
             *       ...
             *       "componentesValor": {
             *         "troco": {
             *           "valor": "20.00",
             *           "modalidadeAgente": "AGTEC",
             *           "prestadorDeServicoDeSaque": "12345678"
             *         },
             *         "original": {
             *           "valor": "80.00"
             *         }
             *       }
             *       ...
             *       ```
             *     - **Pix para pagamento de cobrança com vencimento de R$100,00 considerando-se um atraso de 2 dias a uma multa de 3% e juros de 1% ao dia. O `valor` do Pix será R$105,00.**
             *       ```
             *       ...
             *       "componentesValor": {
             *         "original": {
             *           "valor": "100.00"
             *         },
             *         "multa": {
             *           "valor": "3.00"
             *         },
             *         "juros": {
             *           "valor": "2.00"
             *         }
             *       }
             *       ...
             *       ```
             *     #### Exemplos inválidos:
             *     Exemplos, não exaustivos, de preenchimentos inválidos.
             *     - **`original.valor` maior que 0.00 (zero) e `saque` juntos**
             *       ```
             *       ...
             *       "componentesValor": {
             *         "original": {
             *           "valor": "80.00"
             *         },
             *         "saque": {
             *           "valor": "20.00",
             *           "modalidadeAgente": "AGPSS",
             *           "prestadorDeServicoDeSaque": "12345678"
             *         }
             *       }
             *       ...
             *       ```
             *     - **dois elementos de `saque`**
             *       ```
             *       ...
             *       "componentesValor": [
             *         "saque": {
             *           "valor": "20.00",
             *           "modalidadeAgente": "AGPSS",
             *           "prestadorDeServicoDeSaque": "12345678"
             *         },
             *         "saque": {
             *           "valor": "10.00",
             *           "modalidadeAgente": "AGPSS",
             *           "prestadorDeServicoDeSaque": "12345678"
             *         }
             *       ]
             *       ...
             *       ```
             *     - **saque e troco simultaneamente**
             *       ```
             *       ...
             *       "componentesValor": {
             *         "original": {
             *           "valor": "60.00"
             *         },
             *         "saque": {
             *           "valor": "20.00",
             *           "modalidadeAgente": "AGPSS",
             *           "prestadorDeServicoDeSaque": "12345678"
             *         },
             *         "troco": {
             *           "valor": "20.00",
             *           "modalidadeAgente": "AGTEC",
             *           "prestadorDeServicoDeSaque": "12345678"
             *         }
             *       }
             *       ...
             *       ```
             */
            componentesValor?: components["schemas"]["PixValorOriginal"] | components["schemas"]["PixValorSaque"] | components["schemas"]["PixValorTroco"] | components["schemas"]["PixValorJuros"] | components["schemas"]["PixValorMulta"] | components["schemas"]["PixValorAbatimento"] | components["schemas"]["PixValorDesconto"];
            /**
             * Chave DICT do recebedor
             * @description # Formato do campo chave
             *
             *     * Campo chave do recebedor conforme atribuído na respectiva PACS008.
             *     * Os tipos de chave podem ser: telefone, e-mail, cpf/cnpj ou EVP.
             *     * O formato das chaves pode ser encontrado na seção "Formatação das chaves do DICT no BR Code" do [Manual de Padrões para iniciação do Pix](https://www.bcb.gov.br/estabilidadefinanceira/pix).
             */
            chave?: string;
            /**
             * Horário
             * Format: date-time
             * @description Horário em que o Pix foi processado no PSP.
             */
            horario: string;
            /** Informação livre do pagador */
            infoPagador?: string;
            /** Devoluções */
            devolucoes?: components["schemas"]["Devolucao"][];
        };
        /** Pix */
        PixAutomatico: {
            endToEndId: components["schemas"]["EndToEndId"];
            txid: components["schemas"]["TxId"] & unknown;
            /**
             * Valor do Pix.
             * @description Valor do Pix.
             */
            valor: string | components["schemas"]["PixValorOriginal"] | components["schemas"]["PixValorJuros"] | components["schemas"]["PixValorMulta"] | components["schemas"]["PixValorAbatimento"] | components["schemas"]["PixValorDesconto"];
            /**
             * Horário
             * Format: date-time
             * @description Horário em que o Pix foi processado no PSP.
             */
            horario: string;
            /** Informação livre do pagador */
            infoPagador?: string;
            /** Devoluções */
            devolucoes?: components["schemas"]["DevolucaoPixAutomatico"][];
        };
        PixValorOriginal: {
            original?: {
                /**
                 * Valor original
                 * @description Valor original do Pix.
                 */
                valor: string;
            };
        };
        PixValorSaque: {
            saque?: {
                /**
                 * Valor do Saque Pix
                 * @description Valor do Saque Pix.
                 */
                valor: string;
                /**
                 * Modalidade do Agente
                 * @description ##### Modalidade do Agente
                 *     <table><tr><th>SIGLA</th><th>Descrição</th></tr><tr><td>AGTEC</td><td>Agente Estabelecimento Comercial</td></tr><tr><td>AGTOT</td><td>Agente Outra Espécie de Pessoa Jurídica ou Correspondente no País</td></tr><tr><td>AGPSS</td><td>Agente Facilitador de Serviço de Saque (<b>ATENÇÃO</b>: no mapeamento para o campo 'modalidadeAgente', da pacs.008, esse valor deve ser substituído por <b>AGFSS</b>)</td></tr></table>
                 * @enum {string}
                 */
                modalidadeAgente: "AGTEC" | "AGTOT" | "AGPSS";
                /**
                 * Facilitador de Serviço de Saque
                 * @description ISPB do Facilitador de Serviço de Saque
                 */
                prestadorDoServicoDeSaque: string;
            };
        };
        PixValorTroco: {
            troco?: {
                /**
                 * Valor do Troco Pix
                 * @description Valor do Troco Pix.
                 */
                valor: string;
                /**
                 * Modalidade do Agente
                 * @description ##### Modalidade do Agente
                 *     <table><tr><th>SIGLA</th><th>Descrição</th></tr><tr><td>AGTEC</td><td>Agente Estabelecimento Comercial</td></tr><tr><td>AGTOT</td><td>Agente Outra Espécie de Pessoa Jurídica ou Correspondente no País</td></tr></table>
                 * @enum {string}
                 */
                modalidadeAgente: "AGTEC" | "AGTOT";
                /**
                 * Facilitador de Serviço de Saque
                 * @description ISPB do Facilitador de Serviço de Saque
                 */
                prestadorDoServicoDeSaque: string;
            };
        };
        PixValorJuros: {
            juros?: {
                /**
                 * Valor relativo aos juros.
                 * @description Valor dos juros.
                 */
                valor: string;
            };
        };
        PixValorMulta: {
            multa?: {
                /**
                 * Valor relativo a multa.
                 * @description Valor da multa.
                 */
                valor: string;
            };
        };
        PixValorDesconto: {
            desconto?: {
                /**
                 * Valor relativo a desconto.
                 * @description Valor do desconto.
                 */
                valor: string;
            };
        };
        PixValorAbatimento: {
            abatimento?: {
                /**
                 * Valor relativo a abatimento.
                 * @description Valor do abatimento.
                 */
                valor: string;
            };
        };
        /** Devolução */
        Devolucao: {
            id: components["schemas"]["DevolucaoId"];
            /**
             * RtrId
             * @description ReturnIdentification que transita na PACS004.
             * @example D12345678202009091000abcde123456
             */
            rtrId: string;
            /**
             * Valor a devolver.
             * @description Valor a devolver.
             */
            valor: string;
            natureza?: components["schemas"]["DevolucaoNatureza"];
            /**
             * Mensagem ao pagador relativa à devolução.
             * @description O campo `descricao`, opcional, determina um texto a ser apresentado ao pagador contendo informações sobre a devolução. Esse texto será preenchido, na pacs.004, pelo PSP do recebedor, no campo RemittanceInformation. O tamanho do campo na pacs.004 está limitado a 140 caracteres.
             */
            descricao?: string;
            horario: {
                /**
                 * Horário de solicitação
                 * Format: date-time
                 * @description Horário no qual a devolução foi solicitada no PSP.
                 */
                solicitacao?: string;
                /**
                 * Horário de liquidacao
                 * Format: date-time
                 * @description Horário no qual a devolução foi liquidada no PSP.
                 */
                liquidacao?: string;
            };
            /**
             * Status
             * @description Status da devolução.
             * @enum {string}
             */
            status: "EM_PROCESSAMENTO" | "DEVOLVIDO" | "NAO_REALIZADO";
            /**
             * Descrição do status.
             * @description # Status da Devolução
             *
             *     Campo opcional que pode ser utilizado pelo PSP recebedor para detalhar os motivos
             *     de a devolução ter atingido o status em questão.
             *     Pode ser utilizado, por exemplo, para detalhar o motivo de a devolução não ter sido realizada.
             */
            motivo?: string;
        };
        /** Devolução */
        DevolucaoPixAutomatico: {
            id: components["schemas"]["DevolucaoId"];
            /**
             * RtrId
             * @description ReturnIdentification que transita na PACS004.
             * @example D12345678202009091000abcde123456
             */
            rtrId: string;
            /**
             * Valor a devolver.
             * @description Valor a devolver.
             */
            valor: string;
            natureza?: components["schemas"]["DevolucaoNaturezaPixAutomatico"];
            /**
             * Mensagem ao pagador relativa à devolução.
             * @description O campo `descricao`, opcional, determina um texto a ser apresentado ao pagador contendo informações sobre a devolução. Esse texto será preenchido, na pacs.004, pelo PSP do recebedor, no campo RemittanceInformation. O tamanho do campo na pacs.004 está limitado a 140 caracteres.
             */
            descricao?: string;
            horario: {
                /**
                 * Horário de solicitação
                 * Format: date-time
                 * @description Horário no qual a devolução foi solicitada no PSP.
                 */
                solicitacao?: string;
                /**
                 * Horário de liquidacao
                 * Format: date-time
                 * @description Horário no qual a devolução foi liquidada no PSP.
                 */
                liquidacao?: string;
            };
            /**
             * Status
             * @description Status da devolução.
             * @enum {string}
             */
            status: "EM_PROCESSAMENTO" | "DEVOLVIDO" | "NAO_REALIZADO";
            /**
             * Descrição do status.
             * @description # Status da Devolução
             *
             *     Campo opcional que pode ser utilizado pelo PSP recebedor para detalhar os motivos
             *     de a devolução ter atingido o status em questão.
             *     Pode ser utilizado, por exemplo, para detalhar o motivo de a devolução não ter sido realizada.
             */
            motivo?: string;
        };
        DevolucaoSolicitada: {
            /**
             * Valor
             * @description Valor solicitado para devolução. A soma dos valores de todas as devolucões não podem ultrapassar o valor total do Pix.
             */
            valor: string;
            natureza?: components["schemas"]["DevolucaoSolicitadaNatureza"];
            /**
             * Mensagem ao pagador relativa à devolução.
             * @description O campo `descricao`, opcional, determina um texto a ser apresentado ao pagador contendo informações sobre a devolução. Esse texto será preenchido, na pacs.004, pelo PSP do recebedor, no campo RemittanceInformation. O tamanho do campo na pacs.004 está limitado a 140 caracteres.
             */
            descricao?: string;
        };
        /**
         * Parâmetros de consulta de locations
         * @description Parâmetros utilizados para a realização de uma consulta de locations.
         */
        ParametrosConsultaPayloadLocation: {
            /**
             * Data de Início
             * Format: date-time
             * @description Data inicial utilizada na consulta. Respeita RFC 3339.
             * @example 2020-01-01T00:00:00Z
             */
            inicio: string;
            /**
             * Data de Fim
             * Format: date-time
             * @description Data de fim utilizada na consulta. Respeita RFC 3339.
             * @example 2020-12-01T17:00:00Z
             */
            fim: string;
            /** @description Filtro pela existência de txid. */
            txIdPresente?: boolean;
            /** @enum {string} */
            tipoCob?: "cob" | "cobv";
            paginacao: components["schemas"]["Paginacao"];
        };
        /**
         * Parâmetros de consulta de locations
         * @description Parâmetros utilizados para a realização de uma consulta de locations.
         */
        ParametrosConsultaPayloadLocationRec: {
            /**
             * Data de Início
             * Format: date-time
             * @description Data inicial utilizada na consulta. Respeita RFC 3339.
             * @example 2020-01-01T00:00:00Z
             */
            inicio: string;
            /**
             * Data de Fim
             * Format: date-time
             * @description Data de fim utilizada na consulta. Respeita RFC 3339.
             * @example 2020-12-01T17:00:00Z
             */
            fim: string;
            /** @description Filtro pela existência de id da recorrência. */
            idRecPresente?: boolean;
            /** Recebedor */
            recebedor?: {
                /**
                 * Convênio
                 * @description Convênio entre usuário e participante recebedor.
                 */
                convenio?: string;
            };
            paginacao: components["schemas"]["Paginacao"];
        };
        /** Locations Consultadas */
        PayloadLocationConsultadas: {
            parametros: components["schemas"]["ParametrosConsultaPayloadLocation"];
            /** Lista de locations cadastradas */
            loc: components["schemas"]["PayloadLocationCompleta"][];
        };
        /** Locations Consultadas */
        PayloadLocationRecConsultadas: {
            parametros: components["schemas"]["ParametrosConsultaPayloadLocationRec"];
            /** Lista de locations cadastradas */
            loc: components["schemas"]["PayloadLocationRecCompleta"][];
        };
        /**
         * Parâmetros de Consulta Pix
         * @description Parâmetros utilizados para a realização de uma consulta de Pix.
         */
        ParametrosConsultaPix: {
            /**
             * Data de Início
             * Format: date-time
             * @description Data inicial utilizada na consulta. Respeita RFC 3339.
             * @example 2020-01-01T00:00:00Z
             */
            inicio: string;
            /**
             * Data de Fim
             * Format: date-time
             * @description Data de fim utilizada na consulta. Respeita RFC 3339.
             * @example 2020-12-01T17:00:00Z
             */
            fim: string;
            txid?: components["schemas"]["TxId"] & unknown;
            /** @description Filtro pela existência de txid. */
            txIdPresente?: boolean;
            /** @description Filtro pela existência de devolução. */
            devolucaoPresente?: boolean;
            /** @description CPF */
            cpf?: string;
            /** @description CNPJ */
            cnpj?: string;
            paginacao: components["schemas"]["Paginacao"];
        };
        /**
         * Parâmetros de Consulta de Webhooks
         * @description Parâmetros utilizados para a realização de uma consulta de Webhooks.
         */
        ParametrosConsultaWebhooks: {
            /**
             * Data de Início
             * Format: date-time
             * @description Data inicial utilizada na consulta. Respeita RFC 3339.
             * @example 2020-01-01T00:00:00Z
             */
            inicio?: string;
            /**
             * Data de Fim
             * Format: date-time
             * @description Data de fim utilizada na consulta. Respeita RFC 3339.
             * @example 2020-12-01T17:00:00Z
             */
            fim?: string;
            paginacao?: components["schemas"]["Paginacao"];
        };
        /** Pix Consultados */
        PixConsultados: {
            parametros: components["schemas"]["ParametrosConsultaPix"];
            /** Lista de Pix recebidos */
            pix?: components["schemas"]["Pix"][];
        };
        /** Webhooks Consultados */
        WebhooksConsultados: {
            parametros?: components["schemas"]["ParametrosConsultaWebhooks"];
            /** Lista de Webhooks consultados */
            webhooks: components["schemas"]["WebhookCompleto"][];
        };
        /** Webhooks de Recorrências Consultados */
        WebhooksRecConsultados: {
            parametros?: components["schemas"]["ParametrosConsultaWebhooks"];
            /** Lista de Webhooks de Recorrências consultados */
            webhooksrec: components["schemas"]["WebhookRecCompleto"][];
        };
        /** Paginação */
        Paginacao: {
            /**
             * Página atual
             * @description Número da página recuperada.
             */
            paginaAtual: number;
            /**
             * Itens por página
             * @description Quantidade de registros retornado na página.
             */
            itensPorPagina: number;
            /**
             * Quantidade de páginas
             * @description Quantidade de páginas disponíveis para consulta.
             */
            quantidadeDePaginas: number;
            /**
             * Quantidade total de itens
             * @description Quantidade total de itens disponíveis de acordo com os parâmetros informados.
             */
            quantidadeTotalDeItens: number;
        };
        /** Violações */
        Violacao: {
            /**
             * Descrição do erro
             * @description Descrição do erro
             * @example Valor da cobrança não pode ser 0.00
             */
            razao?: string;
            /**
             * Nome da propriedade
             * @description Nome da propriedade
             * @example cob.chave
             */
            propriedade?: string;
            /**
             * Valor da propriedade
             * @description Valor da propriedade
             * @example 061996671234
             */
            valor?: string;
        };
        Problema: {
            /**
             * Format: uri
             * @description URI de referência que identifica o tipo de problema. De acordo com a RFC 7807.
             * @example https://pix.bcb.gov.br/api/v2/error/NaoEncontrado
             */
            type: string;
            /**
             * @description Descrição resumida do problema.
             * @example Not found
             */
            title: string;
            /**
             * @description Código HTTP do status retornado.
             * @example 404
             */
            status: number;
            /** @description Descrição completa do problema. */
            detail?: string;
            /** @description Identificador de correlação do problema para fins de suporte */
            correlationId?: string;
            violacoes?: components["schemas"]["Violacao"][];
        };
        /**
         * Data de início
         * Format: date-time
         * @description Filtra os registros cuja data de criação seja maior ou igual que a data de início. Respeita RFC 3339.
         */
        Inicio: string;
        /**
         * Data de fim
         * Format: date-time
         * @description Filtra os registros cuja data de criação seja menor ou igual que a data de fim. Respeita RFC 3339.
         */
        Fim: string;
    };
    responses: {
        /** @description Problemas na requisição. */
        RequisicaoInvalida: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Problema"];
            };
        };
        /** @description Recurso solicitado não foi encontrado. */
        NaoEncontrado: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problema"];
            };
        };
        /** @description Requisição de participante autenticado que viola alguma regra de autorização. */
        AcessoNegado: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problema"];
            };
        };
        /** @description Serviço não está disponível no momento. Serviço solicitado pode estar em manutenção ou fora da janela de funcionamento. */
        ServicoIndisponivel: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problema"];
            };
        };
    };
    parameters: {
        paginaAtual: number;
        itensPorPagina: number;
    };
    requestBodies: {
        /** @description Dados para geração da cobrança imediata. */
        CobBody: {
            content: {
                "application/json": components["schemas"]["CobSolicitada"];
            };
        };
        /** @description Dados para geração da cobrança recorrente. */
        CobRBody: {
            content: {
                "application/json": components["schemas"]["CobRSolicitada"];
            };
        };
        /** @description Dados para geração da cobrança com vencimento. */
        CobVBody: {
            content: {
                "application/json": components["schemas"]["CobVSolicitada"];
            };
        };
        /** @description Dados para geração de lote de cobranças com vencimento. */
        LoteCobVBody: {
            content: {
                "application/json": {
                    /** Descrição do lote */
                    descricao: string;
                    cobsv: ({
                        txid: components["schemas"]["TxId"];
                    } & components["schemas"]["CobVSolicitada"])[];
                };
            };
        };
        /** @description Dados para geração de lote de cobranças com vencimento. */
        LoteCobVBodyRevisado: {
            content: {
                "application/json": {
                    /** Descrição do lote */
                    descricao?: string;
                    cobsv?: ({
                        txid: components["schemas"]["TxId"];
                    } & components["schemas"]["CobVRevisada"])[];
                };
            };
        };
        /** @description Dados para geração da cobrança. */
        CobBodyRevisada: {
            content: {
                "application/json": components["schemas"]["CobRevisada"];
            };
        };
        /** @description Dados para geração da cobrança. */
        CobRBodyRevisada: {
            content: {
                "application/json": components["schemas"]["CobRRevisada"];
            };
        };
        /** @description Dados para geração da cobrança. */
        CobVBodyRevisada: {
            content: {
                "application/json": components["schemas"]["CobVRevisada"];
            };
        };
        /** @description Dados para geração da location. */
        PayloadLocationBody: {
            content: {
                "application/json": components["schemas"]["PayloadLocationSolicitada"];
            };
        };
        /** @description Dados para geração da location. */
        PayloadLocationRecBody: {
            content: {
                "application/json": components["schemas"]["PayloadLocationRecSolicitada"];
            };
        };
        /** @description Dados para pedido de devolução. */
        DevolucaoBody: {
            content: {
                "application/json": components["schemas"]["DevolucaoSolicitada"];
            };
        };
        WebhookConfigBody: {
            content: {
                "application/json": components["schemas"]["WebhookSolicitado"];
            };
        };
        WebhookRecConfigBody: {
            content: {
                "application/json": components["schemas"]["WebhookRecSolicitado"];
            };
        };
        WebhookCobRConfigBody: {
            content: {
                "application/json": components["schemas"]["WebhookCobRSolicitado"];
            };
        };
        /** @description Dados para geração da solicitação da recorrência. */
        SolicRecBody: {
            content: {
                "application/json": components["schemas"]["SolicRecSolicitada"];
            };
        };
        /** @description Dados para revisão da solicitação da recorrência. */
        SolicRecBodyRevisada: {
            content: {
                "application/json": components["schemas"]["SolicRecRevisada"];
            };
        };
        /** @description Dados para geração da recorrência. */
        RecBody: {
            content: {
                "application/json": components["schemas"]["RecSolicitada"];
            };
        };
        /** @description Dados para revisão da recorrência. */
        RecBodyRevisada: {
            content: {
                "application/json": components["schemas"]["RecRevisada"];
            };
        };
        /** @description Dados para notificação dos Pix. */
        WebhookPixBody: {
            content: {
                "application/json": {
                    /**
                     * @example [
                     *       {
                     *         "allOf": [
                     *           {
                     *             "$ref": "#/components/examples/pixWebhook1/value"
                     *           }
                     *         ]
                     *       },
                     *       {
                     *         "allOf": [
                     *           {
                     *             "$ref": "#/components/examples/pixWebhook2/value"
                     *           }
                     *         ]
                     *       }
                     *     ]
                     */
                    pix?: components["schemas"]["Pix"][];
                };
            };
        };
        /** @description Dados para notificação. */
        WebhookRecBody: {
            content: {
                /**
                 * @example {
                 *       "recs": [
                 *         {
                 *           "idRec": "RR1026652320240821lab77511abf",
                 *           "status": "APROVADA",
                 *           "atualizacao": [
                 *             {
                 *               "status": "CRIADA",
                 *               "data": "2024-08-20T10:12:07.567Z"
                 *             },
                 *             {
                 *               "status": "APROVADA",
                 *               "data": "2024-08-22T12:43:53.337Z"
                 *             }
                 *           ],
                 *           "ativacao": {
                 *             "tipoJornada": "JORNADA_3",
                 *             "dadosJornada": {
                 *               "txid": "r9eFIFmwcZ55Nm4RsKZAAtIvvCrlcNN6"
                 *             }
                 *           }
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    recs?: components["schemas"]["RecNotification"][];
                };
            };
        };
        /** @description Dados para notificação. */
        WebhookCobRBody: {
            content: {
                /**
                 * @example {
                 *       "cobsr": [
                 *         {
                 *           "idRec": "RR1234567820240115abcdefghijk",
                 *           "txid": "3136957d93134f2184b369e8f1c0729d",
                 *           "status": "ATIVA",
                 *           "atualizacao": [
                 *             {
                 *               "status": "ATIVA",
                 *               "data": "2024-08-20T12:34:21.300Z"
                 *             }
                 *           ],
                 *           "tentativas": [
                 *             {
                 *               "dataLiquidacao": "2024-20-08",
                 *               "tipo": "AGND",
                 *               "status": "SOLICITADA",
                 *               "endToEndId": "E12345678202406201221abcdef12345"
                 *             }
                 *           ]
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    cobsr?: components["schemas"]["CobRNotification"][];
                };
            };
        };
    };
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
type WithRequired<T, K extends keyof T> = T & {
    [P in K]-?: T[P];
};
export type operations = Record<string, never>;
