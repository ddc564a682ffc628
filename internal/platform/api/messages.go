package api

import (
	"fmt"
	"strings"
)

// Languages the product speaks; the first is the default.
var Languages = []string{"es", "en", "fr"}

// messages holds each server message in es, en and fr. Placeholders {name} take Item.Params.
var messages = map[string][3]string{
	"unauthorized":           {"Debe iniciar sesión.", "You must sign in.", "Vous devez vous connecter."},
	"forbidden":              {"No tiene permisos para realizar esta acción.", "You do not have permission to do this.", "Vous n’avez pas l’autorisation d’effectuer cette action."},
	"cross_origin":           {"Petición rechazada: origen no permitido.", "Request refused: origin not allowed.", "Requête refusée : origine non autorisée."},
	"not_found":              {"El elemento no existe.", "The item does not exist.", "L’élément n’existe pas."},
	"internal":               {"Se ha producido un error inesperado.", "An unexpected error occurred.", "Une erreur inattendue s’est produite."},
	"too_large":              {"La petición supera el tamaño máximo de {max} MiB: envíe los datos en varias partes.", "The request exceeds the maximum size of {max} MiB: send the data in several parts.", "La requête dépasse la taille maximale de {max} Mio : envoyez les données en plusieurs parties."},
	"bad_request":            {"La petición no es válida.", "The request is not valid.", "La requête n’est pas valide."},
	"invalid_utf8":           {"La petición contiene texto que no está en UTF-8: vuelva a escribirlo o a pegarlo.", "The request holds text that is not UTF-8: type or paste it again.", "La requête contient du texte qui n’est pas en UTF-8 : saisissez-le ou collez-le à nouveau."},
	"required":               {"Este campo es obligatorio.", "This field is required.", "Ce champ est obligatoire."},
	"invalid":                {"El valor no es válido.", "The value is not valid.", "La valeur n’est pas valide."},
	"max_length":             {"Máximo {max} caracteres.", "At most {max} characters.", "{max} caractères au maximum."},
	"min_length":             {"Mínimo {min} caracteres.", "At least {min} characters.", "{min} caractères au minimum."},
	"control_char":           {"El texto contiene caracteres de control no permitidos.", "The text contains control characters, which are not allowed.", "Le texte contient des caractères de contrôle non autorisés."},
	"more_errors":            {"Y {n} errores más.", "And {n} more errors.", "Et {n} autres erreurs."},
	"changed":                {"Otro usuario lo ha cambiado mientras usted lo editaba: no se ha guardado, para no deshacer su cambio. Cargue los valores actuales y vuelva a aplicar los suyos.", "Another user changed it while you were editing it: it was not saved, so as not to undo their change. Load the current values and apply yours again.", "Un autre utilisateur l’a modifié pendant que vous le modifiiez : rien n’a été enregistré, pour ne pas annuler sa modification. Chargez les valeurs actuelles et appliquez à nouveau les vôtres."},
	"duplicate":              {"Ya existe un elemento con ese valor.", "An item with that value already exists.", "Un élément avec cette valeur existe déjà."},
	"login_chars":            {"El usuario no puede contener espacios, «/», «\\» ni caracteres invisibles.", "The user name cannot contain spaces, “/”, “\\” or invisible characters.", "L’identifiant ne peut contenir ni espaces, ni « / », ni « \\ », ni caractères invisibles."},
	"serial_topic":           {"El número de serie no puede contener «/», «+» ni «#».", "The serial number cannot contain “/”, “+” or “#”.", "Le numéro de série ne peut contenir ni « / », ni « + », ni « # »."},
	"invalid_credentials":    {"Usuario o contraseña incorrectos.", "Wrong user name or password.", "Identifiant ou mot de passe incorrect."},
	"too_many_attempts":      {"Demasiados intentos fallidos. Inténtelo de nuevo en {minutes} minutos.", "Too many failed attempts. Try again in {minutes} minutes.", "Trop de tentatives échouées. Réessayez dans {minutes} minutes."},
	"last_admin":             {"Es el último administrador activo: debe quedar al menos uno.", "This is the last active administrator: at least one must remain.", "C’est le dernier administrateur actif : il doit en rester au moins un."},
	"unknown_factory":        {"La fábrica no existe.", "The factory does not exist.", "L’usine n’existe pas."},
	"unknown_language":       {"Idioma no admitido.", "Unsupported language.", "Langue non prise en charge."},
	"sensor_downloaded":      {"El sensor ya se ha descargado previamente.", "The sensor has already been downloaded.", "Le capteur a déjà été téléchargé."},
	"in_use":                 {"Está en uso por «{name}».", "It is in use by “{name}”.", "Il est utilisé par « {name} »."},
	"reserved_name":          {"El nombre «{name}» está reservado.", "The name “{name}” is reserved.", "Le nom « {name} » est réservé."},
	"in_use_unnamed":         {"Está en uso y no se puede eliminar.", "It is in use and cannot be deleted.", "Il est utilisé et ne peut pas être supprimé."},
	"too_many_requests":      {"Demasiadas peticiones: inténtelo más tarde.", "Too many requests: try again later.", "Trop de requêtes : réessayez plus tard."},
	"already_downloaded":     {"El elemento ya se ha descargado previamente.", "The item has already been downloaded.", "L’élément a déjà été téléchargé."},
	"final_after_initial":    {"La frecuencia final debe ser mayor que la inicial.", "The final frequency must be greater than the initial one.", "La fréquence finale doit être supérieure à la fréquence initiale."},
	"fault_between":          {"La frecuencia de fallo debe estar entre la inicial y la final.", "The fault frequency must lie between the initial and final ones.", "La fréquence de défaut doit être comprise entre la fréquence initiale et la finale."},
	"bias_order":             {"El BIAS mínimo no puede superar el máximo.", "The minimum BIAS cannot exceed the maximum.", "Le BIAS minimum ne peut pas dépasser le maximum."},
	"decimal":                {"Formato no válido: hasta {int} cifras enteras y {dec} decimales.", "Invalid format: up to {int} integer digits and {dec} decimals.", "Format non valide : jusqu’à {int} chiffres entiers et {dec} décimales."},
	"common_password":        {"Esta contraseña es de las más usadas: elija otra.", "This password is one of the most used: choose another.", "Ce mot de passe fait partie des plus utilisés : choisissez-en un autre."},
	"min_value":              {"El valor mínimo es {min}.", "The minimum value is {min}.", "La valeur minimale est {min}."},
	"range":                  {"Debe estar entre {min} y {max}.", "Must be between {min} and {max}.", "Doit être compris entre {min} et {max}."},
	"email":                  {"Correo electrónico no válido.", "Invalid e-mail address.", "Adresse e-mail non valide."},
	"gps":                    {"Latitud o longitud fuera de rango.", "Latitude or longitude out of range.", "Latitude ou longitude hors limites."},
	"greater_than_min_speed": {"Debe ser mayor que la velocidad mínima.", "Must be greater than the minimum speed.", "Doit être supérieure à la vitesse minimale."},
	"already_linked":         {"El elemento ya está asociado.", "The item is already associated.", "L’élément est déjà associé."},
	"not_linked":             {"El elemento no está asociado.", "The item is not associated.", "L’élément n’est pas associé."},
	"unknown":                {"El elemento seleccionado no existe.", "The selected item does not exist.", "L’élément sélectionné n’existe pas."},
	"range_mismatch":         {"La banda no es del rango del espectro.", "The band is not of the spectrum's range.", "La bande n’est pas de la gamme du spectre."},
	"spectrum_link_range":    {"Solo se asocian espectros BR o DM a un espectro de rango alto (AR).", "Only low-range (LR) or envelope (DM) spectra are associated to a high-range (HR) spectrum.", "Seuls des spectres BR ou DM s’associent à un spectre de gamme haute (AR)."},
	"admin_only":             {"Solo un administrador puede cambiar este campo.", "Only an administrator can change this field.", "Seul un administrateur peut modifier ce champ."},
	"locked":                 {"No se puede cambiar una vez creado.", "It cannot be changed once created.", "Il ne peut pas être modifié après la création."},
	"fixed":                  {"Este elemento no se puede modificar ni eliminar.", "This item cannot be changed or deleted.", "Cet élément ne peut être ni modifié ni supprimé."},
	"one_sensor":             {"Debe elegir exactamente un sensor.", "Choose exactly one sensor.", "Choisissez exactement un capteur."},
	"condition_bounds":       {"La condición «{name}» necesita un mínimo o un máximo.", "Condition “{name}” needs a minimum or a maximum.", "La condition « {name} » a besoin d’un minimum ou d’un maximum."},
	"condition_in_use":       {"Una condición quitada se usa en «{condition}» del criterio «{name}».", "A removed condition is used in “{condition}” of the criterion “{name}”.", "Une condition retirée est utilisée dans « {condition} » du critère « {name} »."},
	"condition_order":        {"En la condición «{name}» el máximo debe ser mayor que el mínimo.", "In condition “{name}” the maximum must be greater than the minimum.", "Dans la condition « {name} », le maximum doit être supérieur au minimum."},
	"choose_vco":             {"Debe seleccionar un VCO.", "You must choose an OCV.", "Vous devez choisir un VCO."},
	"below_lower_level":      {"No puede ser menor que el del nivel anterior.", "Cannot be lower than the previous level’s.", "Ne peut pas être inférieur à celui du niveau précédent."},
	"channel":                {"El canal debe estar entre 1 y {max}; el {tacho} es el del tacómetro.", "The channel must be between 1 and {max}; {tacho} is the tachometer's.", "Le canal doit être compris entre 1 et {max} ; le {tacho} est celui du tachymètre."},
	"channel_taken":          {"El canal {channel} ya está asignado en el equipo.", "Channel {channel} is already assigned on the device.", "Le canal {channel} est déjà attribué sur l’équipement."},
	"criterion_times":        {"Los intervalos de medición del criterio seleccionado son muy cortos", "The measurement intervals of the chosen criterion are too short", "Les intervalles de mesure du critère choisi sont trop courts"},
	"criterion_mode":         {"El criterio no es válido para el modo de actualización.", "The criterion does not suit the update mode.", "Le critère ne convient pas au mode de mise à jour."},
	"exclusive":              {"Este equipo no se puede combinar con los demás elegidos.", "This device cannot be combined with the others chosen.", "Cet équipement ne peut pas être combiné avec les autres choisis."},
	"needs_online":           {"Solo una máquina en línea puede tener este equipo.", "Only an online machine can have this device.", "Seule une machine en ligne peut avoir cet équipement."},
	"not_behind":             {"El equipo no está conectado al concentrador elegido.", "The device is not behind the chosen gateway.", "L’équipement n’est pas derrière le concentrateur choisi."},
	"equipment_taken":        {"El equipo ya está en la máquina «{name}».", "The device is already on machine “{name}”.", "L’équipement est déjà sur la machine « {name} »."},
	"sensor_installed":       {"El sensor ya está instalado en «{name}».", "The sensor is already installed on “{name}”.", "Le capteur est déjà installé sur « {name} »."},
	"no_alert_device":        {"La máquina no tiene equipo KOS Alert 10 asignado.", "The machine has no KOS Alert 10 device.", "La machine n’a pas d’équipement KOS Alert 10."},
	"channels_in_use":        {"Alguno de los canales seleccionados ya está en uso.", "Some of the selected channels are already in use.", "Certains des canaux sélectionnés sont déjà utilisés."},
	"sensor_factory":         {"El sensor no está asignado a la fábrica.", "The sensor is not assigned to the factory.", "Le capteur n’est pas attribué à l’usine."},
	"sensor_gateway":         {"El sensor no está conectado a un concentrador de la fábrica.", "The sensor is not behind a gateway of the factory.", "Le capteur n’est pas derrière un concentrateur de l’usine."},
	"order_taken":            {"El número de orden {order} ya es el del sensor {serial} en este concentrador.", "Order number {order} is already sensor {serial}'s on this gateway.", "Le numéro d’ordre {order} est déjà celui du capteur {serial} sur ce concentrateur."},
	"order_twice":            {"Los sensores {serials} tienen el mismo número de orden {order} en el concentrador.", "Sensors {serials} have the same order number {order} on the gateway.", "Les capteurs {serials} ont le même numéro d’ordre {order} sur le concentrateur."},
	"order_range":            {"El número de orden {order} del sensor {serial} no está entre 0 y {max}.", "Order number {order} of sensor {serial} is not between 0 and {max}.", "Le numéro d’ordre {order} du capteur {serial} n’est pas compris entre 0 et {max}."},
	"unreadable":             {"El documento no se puede leer.", "The document cannot be read.", "Le document ne peut pas être lu."},
	"rejected":               {"El equipo rechaza esta sección (simulación).", "The device rejects this section (simulation).", "L’équipement rejette cette section (simulation)."},
	"partial":                {"El equipo ha aplicado esta sección en parte (simulación).", "The device applied this section in part (simulation).", "L’équipement a appliqué cette section en partie (simulation)."},
	"too_many_points":        {"El equipo sigue {max} puntos como mucho; la máquina tiene {count}.", "The device follows {max} points at most; the machine has {count}.", "L’équipement suit {max} points au plus ; la machine en a {count}."},
	"too_many_values":        {"El equipo guarda {max} valores como mucho; la máquina tiene {count}.", "The device keeps {max} values at most; the machine has {count}.", "L’équipement garde {max} valeurs au plus ; la machine en a {count}."},
	"channel_range":          {"El canal {channel} no está entre 1 y {max}.", "Channel {channel} is not between 1 and {max}.", "Le canal {channel} n’est pas compris entre 1 et {max}."},
	"sensor_order":           {"El sensor no tiene número de orden.", "The sensor has no order number.", "Le capteur n’a pas de numéro d’ordre."},
	"choose_band":            {"Se ha de seleccionar una banda.", "A band must be selected.", "Une bande doit être sélectionnée."},
	"choose_vcv":             {"Se ha de seleccionar un vcv.", "A VCV must be selected.", "Un VCV doit être sélectionné."},
	"vcp_band":               {"La banda no corresponde al tipo del VCP.", "The band does not suit the VCP's type.", "La bande ne correspond pas au type du VCP."},
	"reference_value":        {"El valor introducido no es correcto.", "The value entered is not correct.", "La valeur saisie n’est pas correcte."},
	"no_default_spectra":     {"La fábrica no tiene espectros por defecto.", "The factory has no default spectra.", "L’usine n’a pas de spectres par défaut."},
	"no_default_vcvs":        {"La fábrica no tiene VCVs por defecto.", "The factory has no default VCVs.", "L’usine n’a pas de VCV par défaut."},
	"no_point_fits":          {"El VCV no se ajusta a ningún punto: su tipo de componente no es el de ninguno.", "The VCV suits no point: its component type is none of theirs.", "Le VCV ne convient à aucun point : son type de composant n’est celui d’aucun."},
	"no_bearings":            {"Los puntos de la máquina no tienen rodamientos.", "The machine's points have no bearings.", "Les points de la machine n’ont pas de roulements."},
	"no_mounting":            {"No es posible crear un punto si el componente no tiene asignado un montaje.", "A point cannot be created while the component has no mounting.", "Impossible de créer un point tant que le composant n’a pas de montage."},
	"unknown_reference":      {"No existe la serie {id}.", "Series {id} does not exist.", "La série {id} n’existe pas."},
	"foreign_machine":        {"La máquina {id} no es de esta fábrica: sus series no se pueden importar en ella.", "Machine {id} is not of this factory: its series cannot be imported into it.", "La machine {id} n’est pas de cette usine : ses séries ne peuvent pas y être importées."},
	"foreign_series":         {"La serie {id} no es de una máquina de este equipo.", "Series {id} is not of a machine of this device.", "La série {id} n’est pas d’une machine de cet équipement."},
	"invalid_direction":      {"Dirección no válida: 0 V/H1, 1 H/H2, 2 A, 3 temperatura (solo VCP).", "Invalid direction: 0 V/H1, 1 H/H2, 2 A, 3 temperature (VCPs only).", "Direction non valide : 0 V/H1, 1 H/H2, 2 A, 3 température (VCP seulement)."},
	"temperature_vcp_only":   {"Solo un VCP tiene umbrales de temperatura.", "Only a VCP has temperature thresholds.", "Seul un VCP a des seuils de température."},
	"bad_date":               {"La fecha no es válida.", "The date is not valid.", "La date n’est pas valide."},
	"future_date":            {"La fecha es posterior a la hora actual.", "The date is later than the current time.", "La date est postérieure à l’heure actuelle."},
	"unknown_sensor":         {"El sensor {serial} no existe o no está asignado.", "Sensor {serial} does not exist or is not assigned.", "Le capteur {serial} n’existe pas ou n’est pas attribué."},
	"bad_header":             {"La primera línea debe ser VrId,Dir,Fecha,Valor.", "The first line must be VrId,Dir,Fecha,Valor.", "La première ligne doit être VrId,Dir,Fecha,Valor."},
	"line_too_long":          {"La línea supera el máximo de {max} MiB: no es una línea de valores.", "The line exceeds the maximum of {max} MiB: it is not a line of values.", "La ligne dépasse le maximum de {max} Mio : ce n’est pas une ligne de valeurs."},
	"bad_line":               {"La línea debe tener cuatro valores separados por comas.", "The line must hold four values separated by commas.", "La ligne doit contenir quatre valeurs séparées par des virgules."},
	"unknown_field":          {"El campo {name} no existe.", "There is no field {name}.", "Le champ {name} n’existe pas."},
	"not_integer":            {"Debe ser un número entero.", "It must be a whole number.", "Ce doit être un nombre entier."},
	"no_data":                {"No existen datos para realizar el precálculo.", "There is no data to precalculate from.", "Il n’y a pas de données pour le précalcul."},
	"no_device":              {"La máquina no tiene equipo asignado.", "The machine has no device.", "La machine n’a pas d’équipement."},
	"device_missing":         {"El equipo asignado a la máquina ya no es de la fábrica.", "The machine's device is no longer the factory's.", "L’équipement de la machine n’appartient plus à l’usine."},
	"machine_offline":        {"La máquina no está en línea.", "The machine is not online.", "La machine n’est pas en ligne."},
	"no_criterion":           {"La máquina no tiene criterio asignado.", "The machine has no criterion.", "La machine n’a pas de critère."},
	"learning_time":          {"No se ha asignado un tiempo de aprendizaje.", "No learning time has been set.", "Aucun temps d’apprentissage n’a été défini."},
	"sensor_no_order":        {"El sensor {serial} ({alias}) no tiene número de orden.", "Sensor {serial} ({alias}) has no order number.", "Le capteur {serial} ({alias}) n’a pas de numéro d’ordre."},
	"order_above_max":        {"El sensor {serial} ({alias}) supera el número máximo de orden ({max}).", "Sensor {serial} ({alias}) exceeds the maximum order number ({max}).", "Le capteur {serial} ({alias}) dépasse le numéro d’ordre maximal ({max})."},
	"no_order_zero":          {"Ningún sensor de la máquina tiene número de orden 0.", "No sensor of the machine has order number 0.", "Aucun capteur de la machine n’a le numéro d’ordre 0."},
	"no_points":              {"La máquina no tiene puntos de medida.", "The machine has no measuring points.", "La machine n’a pas de points de mesure."},
	"machine_speed":          {"Falta la velocidad máxima de trabajo de la máquina.", "The machine's maximum working speed is missing.", "La vitesse maximale de travail de la machine manque."},
	"vco_missing":            {"El VCO «{name}» del criterio no está asociado a la máquina.", "The criterion's OCV “{name}” is not associated to the machine.", "Le VCO « {name} » du critère n’est pas associé à la machine."},
	"channel_twice":          {"El canal {channel} está asignado más de una vez en el equipo.", "Channel {channel} is assigned more than once on the device.", "Le canal {channel} est attribué plus d’une fois sur l’équipement."},
	"no_measurements":        {"La máquina no tiene valores asociados que medir.", "The machine has no associated values to measure.", "La machine n’a aucune valeur associée à mesurer."},
	"no_spectrum":            {"El punto «{point}» mide «{item}» en el rango {range}, pero no tiene espectro de ese rango.", "Point “{point}” measures “{item}” in range {range} but has no spectrum of that range.", "Le point « {point} » mesure « {item} » dans la gamme {range} mais n’a pas de spectre de cette gamme."},
	"band_outside":           {"La banda de «{item}» en el punto «{point}» queda fuera del espectro «{spectrum}».", "The band of “{item}” on point “{point}” lies outside spectrum “{spectrum}”.", "La bande de « {item} » au point « {point} » sort du spectre « {spectrum} »."},
	"references_missing":     {"Faltan los valores de referencia de «{item}» en el punto «{point}», condición «{condition}».", "The reference values of “{item}” on point “{point}”, condition “{condition}”, are missing.", "Les valeurs de référence de « {item} » au point « {point} », condition « {condition} », manquent."},
	"references_invalid":     {"Los valores de referencia de «{item}» en el punto «{point}», condición «{condition}», no son coherentes.", "The reference values of “{item}” on point “{point}”, condition “{condition}”, are not consistent.", "Les valeurs de référence de « {item} » au point « {point} », condition « {condition} », ne sont pas cohérentes."},
	"file_not_created":       {"No se ha creado el fichero: hay errores en las secciones anteriores.", "The file was not created: earlier sections have errors.", "Le fichier n’a pas été créé : les sections précédentes ont des erreurs."},
	"file_too_large":         {"El fichero de configuración ({size} KB) supera el máximo del equipo ({max} KB).", "The configuration file ({size} KB) exceeds the device's maximum ({max} KB).", "Le fichier de configuration ({size} Ko) dépasse le maximum de l’équipement ({max} Ko)."},
	"unknown_version":        {"La versión {version} no se ha enviado a este equipo.", "Version {version} was not sent to this device.", "La version {version} n’a pas été envoyée à cet équipement."},
	"unknown_section":        {"Sección desconocida: las del informe son {names}.", "Unknown section: the report's are {names}.", "Section inconnue : celles du rapport sont {names}."},
	"missing_section":        {"Falta la sección {name} del informe.", "The report lacks section {name}.", "Il manque la section {name} au rapport."},
	"duplicate_section":      {"La sección {name} aparece más de una vez.", "Section {name} appears more than once.", "La section {name} apparaît plus d’une fois."},
	"bad_range":              {"La fecha final no puede ser anterior a la inicial.", "The end date cannot be before the start date.", "La date de fin ne peut pas être antérieure à la date de début."},
}

// Message returns the text of code in lang with params filled in; unknown codes read as
// themselves so that a missing translation is visible, not silent.
func Message(lang, code string, params map[string]any) string {
	texts, ok := messages[code]
	if !ok {
		return code
	}
	text := texts[langIndex(lang)]
	for k, v := range params {
		text = strings.ReplaceAll(text, "{"+k+"}", fmt.Sprint(v))
	}
	return text
}

// MessageCodes lists every code with a message, for tests.
func MessageCodes() []string {
	codes := make([]string, 0, len(messages))
	for c := range messages {
		codes = append(codes, c)
	}
	return codes
}

func langIndex(lang string) int {
	for i, l := range Languages {
		if l == lang {
			return i
		}
	}
	return 0
}

// IsLanguage reports whether lang is one of Languages.
func IsLanguage(lang string) bool {
	for _, l := range Languages {
		if l == lang {
			return true
		}
	}
	return false
}

// LanguageFromHeader picks the first supported language of an Accept-Language header.
func LanguageFromHeader(h string) string {
	for _, part := range strings.Split(h, ",") {
		tag := strings.TrimSpace(strings.SplitN(part, ";", 2)[0])
		primary := strings.ToLower(strings.SplitN(tag, "-", 2)[0])
		if IsLanguage(primary) {
			return primary
		}
	}
	return Languages[0]
}
