<#-- THIRD-PARTY-NOTICES of the bundle; filled by license-maven-plugin (add-third-party) from the POMs -->
<#function licenseFormat licenses>
  <#assign result = ""/>
  <#list licenses as license>
    <#assign result = result + (result?has_content?then("; ", "")) + license/>
  </#list>
  <#return result>
</#function>
probe bundles the libraries below inside lib/probe.jar, and a Java runtime in runtime/.

The Java runtime (runtime/) is a jlink image of OpenJDK (its version is in runtime/release): GNU General Public License,
version 2, with the Classpath Exception; its notices and the licences of the code it contains are in
runtime/legal/ (one directory per module).

probe itself is under the Apache License, Version 2.0 (LICENSE). No library below is under the GPL or AGPL alone:
where one names the GPL (version 2 with the Classpath Exception), it is one choice beside the EPL 2.0 or the Apache
licence; JFreeChart is under the LGPL 2.1.

Libraries in lib/probe.jar (${dependencyMap?size}), as groupId:artifactId:version, name, licence, home page:

Inside io.netty:netty-common, as Netty ships it (relocated to io.netty.util.internal.shaded):
org.jctools:jctools-core: the version netty-common embeds
    JCTools
    Licence: Apache License, Version 2.0
    https://github.com/JCTools/JCTools
org.jctools:jctools-core-jdk11: the version netty-common embeds (Netty 4.2: JCTools' Java 11 queues)
    JCTools
    Licence: Apache License, Version 2.0
    https://github.com/JCTools/JCTools

<#list dependencyMap as e>
<#assign p = e.getKey()/>
${p.groupId}:${p.artifactId}:${p.version}
    ${p.name!p.artifactId}
    Licence: ${licenseFormat(e.getValue())}
    ${p.url!"(no home page in its POM)"}

</#list>
